import Wire

/// One finished game, as the results journal keeps it: one JSON line.
struct GameRecord: Equatable {
    /// The longest record the journal writes, newline included: as long as a
    /// protocol line, so any tool that reads the protocol reads the journal. With
    /// names of at most 64 bytes and 8 seats a record stays under 4 KB (each name
    /// appears three times, escaping at most doubles it); a longer one means
    /// something let a name through unbounded, and the server refuses to write it.
    static let maxBytes = 8192

    let room: String
    let game: String
    let seed: Int
    let players: [String]
    let scores: [NamedScore]
    let winners: [String]
    let startedMs: Int64
    let endedMs: Int64

    /// `{"room":…,"game":…,"seed":…,"players":[…],"scores":{…},"winners":[…],"started":"…","ended":"…"}`
    var jsonLine: [UInt8] {
        var line: [UInt8] = []
        JSONValue.object(JSONObject([
            ("room", .string(room)),
            ("game", .string(game)),
            ("seed", .int(seed)),
            ("players", .array(players.map(JSONValue.string))),
            ("scores", .object(JSONObject(scores.map { ($0.name, JSONValue.int($0.score)) }))),
            ("winners", .array(winners.map(JSONValue.string))),
            ("started", .string(Timestamp.iso8601(milliseconds: startedMs))),
            ("ended", .string(Timestamp.iso8601(milliseconds: endedMs))),
        ])).write(into: &line)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// What the aggregates need from a journal line: game, winners and scores.
    struct Summary {
        let game: String
        let winners: [String]
        let scores: [NamedScore]
    }

    /// Reads back the parts of a line that the aggregates need; nil when the line is not a record.
    static func summary(of line: ArraySlice<UInt8>) -> Summary? {
        guard let object = try? JSONParser.parse(Array(line)).objectValue,
              let game = object["game"]?.stringValue,
              let winners = object["winners"]?.arrayValue?.compactMap(\.stringValue),
              let scores = object["scores"]?.objectValue else { return nil }
        return Summary(
            game: game, winners: winners,
            scores: scores.pairs.compactMap { pair in pair.value.intValue.map { NamedScore(name: pair.key, score: $0) } })
    }
}
