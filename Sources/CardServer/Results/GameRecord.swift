import Storage
import Wire

/// One finished game, as the results journal keeps it: one JSON line.
struct GameRecord: Equatable {
    /// The longest record the journal writes, newline included: as long as a
    /// protocol line, so any tool that reads the protocol reads the journal. With
    /// names of at most 64 bytes and 8 seats a record stays under 4 KB (each name
    /// appears three times, escaping at most doubles it); a longer one means
    /// something let a name through unbounded, and the server refuses to write it.
    static let maxBytes = 8192

    /// The game's id (``Room/gameID``), as `game_over` and `replay` name it.
    let id: String
    let room: String
    let game: String
    let seed: Int
    let players: [String]
    let scores: [NamedScore]
    let winners: [String]
    let startedMs: Int64
    let endedMs: Int64
    /// A daily deal's day and name; nil for any other game.
    var daily: Daily?
    /// A one-seat game's figures, as `game_over` has them.
    var summary: SoloSummary?
    /// A rated game's rating changes, by player in seat order: written with the result, in
    /// the same record, so a confirmed `game_over` and its changes survive together.
    var ratings: [RatingBook.Change]?
    /// The players among `players` that are the server's robot (rps against the robot), so the
    /// aggregates leave them out; nil when no robot played (and in records written before 0.12.0).
    var robots: [String]?

    /// The day's deal a game was: its UTC day and its name (the game and the options that shape it).
    struct Daily: Equatable {
        let day: String
        let deal: String
    }

    /// `{"id":…,"room":…,"game":…,"seed":…,"players":[…],"scores":{…},"winners":[…],"started":"…","ended":"…"`,
    /// then `"robots":[…]` when the robot played, `"daily":{"day":…,"deal":…}` and `"summary":{"time_ms":…,…}` when the game has them,
    /// and last the seal, `"crc":"…"}` (``RecordSeal``), then the newline.
    var jsonLine: [UInt8] {
        var line: [UInt8] = []
        var fields: [(String, JSONValue)] = [
            ("id", .string(id)),
            ("room", .string(room)),
            ("game", .string(game)),
            ("seed", .int(seed)),
            ("players", .array(players.map(JSONValue.string))),
            ("scores", .object(JSONObject(scores.map { ($0.name, JSONValue.int($0.score)) }))),
            ("winners", .array(winners.map(JSONValue.string))),
            ("started", .string(Timestamp.iso8601(milliseconds: startedMs))),
            ("ended", .string(Timestamp.iso8601(milliseconds: endedMs))),
        ]
        if let robots, !robots.isEmpty {
            fields.append(("robots", .array(robots.map(JSONValue.string))))
        }
        if let daily {
            fields.append(("daily", .object(JSONObject([("day", .string(daily.day)), ("deal", .string(daily.deal))]))))
        }
        if let summary {
            fields.append(("summary", .object(JSONObject([("time_ms", .int(summary.timeMs))] + summary.figures.map { ($0.name, JSONValue.int($0.score)) }))))
        }
        if let ratings {
            fields.append(("ratings", .object(JSONObject(ratings.map { ($0.name, $0.json) }))))
        }
        JSONValue.object(JSONObject(fields)).write(into: &line)
        RecordSeal.seal(&line)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// What the aggregates need from a journal line: game, winners and scores, and for a
    /// daily deal its day, name and figures.
    struct Summary: Equatable {
        /// nil in a record written before games had ids.
        var id: String? = nil
        let game: String
        let winners: [String]
        let scores: [NamedScore]
        var daily: Daily?
        var summary: SoloSummary?
        /// When the game began and ended (ms since 1970); nil in a record whose times do not read.
        var startedMs: Int64? = nil
        var endedMs: Int64? = nil
        /// A rated game's changes; nil for a casual one.
        var ratings: [RatingBook.Change]? = nil
        /// The server's robots among the players (``GameRecord/robots``); empty in older records.
        var robots: [String] = []
    }

    /// Reads back the parts of a line (without its newline) that the aggregates need, sealed or
    /// written before checksums; nil when its seal does not match or it is not a record.
    static func summary(of line: ArraySlice<UInt8>) -> Summary? {
        switch RecordSeal.check(line) {
        case .sealed(let body), .unsealed(let body): summary(ofBody: body)
        case .damaged: nil
        }
    }
}
