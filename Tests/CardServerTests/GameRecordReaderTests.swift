import Storage
@testable import CardServer
import GameRules
@testable import Ratings
import Testing
import Wire

/// The journal's record reader, one pass without a tree, reads what the tree reader it
/// replaced read (kept here as ``treeSummary(ofBody:)``): on the records the server writes,
/// on hand-made odd ones, and on 20,000 records damaged at random.
struct GameRecordReaderTests {
    static let records: [GameRecord] = {
        var daily = GameRecord(
            id: "Q2ZD-mhz0k3xs-3", room: "Q2ZD", game: "klondike", seed: 7, players: ["zoë"],
            scores: [NamedScore(name: "zoë", score: 52)], winners: ["zoë"], startedMs: 1_795_000_000_000, endedMs: 1_795_000_631_000)
        daily.daily = GameRecord.Daily(day: "2026-11-18", deal: "klondike draw=3")
        daily.summary = SoloSummary(timeMs: 631_000, figures: [NamedScore(name: "moves", score: 109), NamedScore(name: "undos", score: 8)])
        var rated = GameRecord(
            id: "K7QX-mhz0k3xs-1", room: "K7QX", game: "rps", seed: 42, players: ["ΑΝΝΑ", "bob \"the\" \\ 🂡"],
            scores: [NamedScore(name: "ΑΝΝΑ", score: 2), NamedScore(name: "bob \"the\" \\ 🂡", score: -1)], winners: ["ΑΝΝΑ"],
            startedMs: 1_795_000_000_000, endedMs: 1_795_000_090_000)
        rated.ratings = [
            RatingBook.Change(name: "ΑΝΝΑ", account: "άννα", before: 1500, after: Rating(rating: 1662.31, deviation: 290.32, volatility: 0.0599997)),
            RatingBook.Change(name: "bob \"the\" \\ 🂡", account: "bob", before: 1400.5, after: Rating(rating: 1390.1, deviation: 80, volatility: 0.06)),
        ]
        let plain = GameRecord(
            id: "ABCD-mhz0k3xs-9", room: "ABCD", game: "set", seed: -3, players: ["a", "b", "c"],
            scores: [NamedScore(name: "a", score: 0), NamedScore(name: "b", score: 0), NamedScore(name: "c", score: 0)], winners: [],
            startedMs: 0, endedMs: 0)
        return [daily, rated, plain]
    }()

    static func body(_ record: GameRecord) -> [UInt8] {
        guard case .sealed(let body) = RecordSeal.check(record.jsonLine.dropLast()[...]) else { fatalError("a record is sealed") }
        return body
    }

    @Test func theServersRecordsReadWholeAndAsTheTreeReadThem() throws {
        for record in Self.records {
            let read = try #require(GameRecord.summary(ofBody: Self.body(record)))
            #expect(read == Self.treeSummary(ofBody: Self.body(record)))
            #expect(read.id == record.id && read.game == record.game && read.winners == record.winners && read.scores == record.scores)
            #expect(read.daily == record.daily && read.summary == record.summary && read.ratings == record.ratings)
            #expect(read.startedMs == record.startedMs && read.endedMs == record.endedMs)
        }
    }

    static let oddRecords: [String] = [
        #"{"game":"set","winners":["a",1,null,"b"],"scores":{"a":1,"b":2.0,"c":"x","d":[1],"a":3}}"#,
        #"{"game":"set","winners":[],"scores":{},"id":7,"started":"yesterday","ended":5,"daily":{"day":"d"},"summary":{"moves":3}}"#,
        #"{"game":"set","winners":[],"scores":{},"daily":[],"summary":"x","extra":{"deep":[[[{}]]]}}"#,
        #"{"game":"set","winners":[],"scores":{},"summary":{"time_ms":5,"moves":{"n":1},"time_ms":6,"x":7}}"#,
        #"{"game":"set","winners":"a","scores":{}}"#,
        #"{"game":"set","winners":[],"scores":[]}"#,
        #"{"game":1,"winners":[],"scores":{}}"#,
        #"{"winners":[],"scores":{}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":[]}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":{"account":"a","before_e4":1,"rating_e4":2,"deviation_e4":3,"volatility_e9":4,"x":[]}}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":{"account":"a","before_e4":1,"rating_e4":2,"deviation_e4":-3,"volatility_e9":4}}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":{"account":"a","before_e4":1,"rating_e4":2,"deviation_e4":3}}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":{"account":"a","before_e4":1,"rating_e4":2,"deviation_e4":3,"volatility_e9":0}}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":7},"ratings":{"b":{"account":"b","before_e4":1,"rating_e4":2,"deviation_e4":3,"volatility_e9":4}}}"#,
        #"{"game":"rps","winners":[],"scores":{},"ratings":{"a":{"account":"a","before_e4":1.0,"rating_e4":2,"deviation_e4":3,"volatility_e9":4}},"ratings":7}"#,
        #" { "game" : "set" , "winners" : [ ] , "scores" : { "\u0061" : 1 } } "#,
        #"{"game":"set","winners":[],"scores":{}}x"#,
        #"{"game":"set","winners":[],"scores":{},}"#,
        #"["game"]"#,
        "",
    ]

    @Test(arguments: oddRecords)
    func oddRecordsReadAsTheTreeReadThem(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(GameRecord.summary(ofBody: bytes) == Self.treeSummary(ofBody: bytes))
    }

    @Test func someOddRecordsReadExactly() throws {
        let first = try #require(GameRecord.summary(ofBody: Array(Self.oddRecords[0].utf8)))
        #expect(first.winners == ["a", "b"])
        #expect(first.scores == [NamedScore(name: "a", score: 3), NamedScore(name: "b", score: 2)])
        let ratingsLater = try #require(GameRecord.summary(ofBody: Array(Self.oddRecords[14].utf8)))
        #expect(ratingsLater.ratings?.map(\.account) == ["b"])
        #expect(GameRecord.summary(ofBody: Array(Self.oddRecords[11].utf8)) == nil)
        #expect(GameRecord.summary(ofBody: Array(Self.oddRecords[15].utf8)) == nil)
    }

    /// Each of the server's records with one to three bytes changed, dropped or repeated
    /// (seeded): both readers take the same lines and read the same fields from them.
    @Test func damagedRecordsReadAsTheTreeReadThem() {
        let bodies = Self.records.map(Self.body)
        let alphabet = Array(#"{}[]:,"\ 0123456789abcdefenulltruefalse.-+é"#.utf8) + [0x00, 0xC3, 0xFF]
        var random = SplitMix64(seed: 0x41_2026)
        var read = 0
        for round in 0..<20_000 {
            var line = bodies[round % bodies.count]
            for _ in 0...Int.random(in: 0...2, using: &random) {
                let place = Int.random(in: 0..<line.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line[place] = alphabet.randomElement(using: &random)!
                case 1: line.remove(at: place)
                default: line.insert(line[place], at: place)
                }
            }
            let summary = GameRecord.summary(ofBody: line)
            #expect(summary == Self.treeSummary(ofBody: line), "\(String(decoding: line, as: UTF8.self))")
            if summary != nil { read += 1 }
        }
        #expect(read > 1_000 && read < 19_000)
    }

    /// The reader this one replaced, word for word: the whole tree, then its fields.
    static func treeSummary(ofBody body: [UInt8]) -> GameRecord.Summary? {
        guard let object = try? JSONParser.parse(body).objectValue,
              let game = object["game"]?.stringValue,
              let winners = object["winners"]?.arrayValue?.compactMap(\.stringValue),
              let scores = object["scores"]?.objectValue else { return nil }
        var ratings: [RatingBook.Change]?
        if let value = object["ratings"] {
            guard let pairs = value.objectValue?.pairs else { return nil }
            ratings = []
            for pair in pairs {
                guard let fields = pair.value.objectValue, let account = fields["account"]?.stringValue,
                      let before = fields["before_e4"]?.intValue, let rating = fields["rating_e4"]?.intValue,
                      let deviation = fields["deviation_e4"]?.intValue, let volatility = fields["volatility_e9"]?.intValue,
                      let change = RatingBook.Change(
                          account: account, name: pair.key, beforeE4: before, ratingE4: rating, deviationE4: deviation, volatilityE9: volatility)
                else { return nil }
                ratings?.append(change)
            }
        }
        var daily: GameRecord.Daily?
        if let tag = object["daily"]?.objectValue, let day = tag["day"]?.stringValue, let deal = tag["deal"]?.stringValue {
            daily = GameRecord.Daily(day: day, deal: deal)
        }
        let summary = object["summary"]?.objectValue.flatMap { fields in
            fields["time_ms"]?.intValue.map { time in
                SoloSummary(timeMs: time, figures: fields.pairs.compactMap { pair in
                    pair.key == "time_ms" ? nil : pair.value.intValue.map { NamedScore(name: pair.key, score: $0) }
                })
            }
        }
        return GameRecord.Summary(
            id: object["id"]?.stringValue, game: game, winners: winners,
            scores: scores.pairs.compactMap { pair in pair.value.intValue.map { NamedScore(name: pair.key, score: $0) } },
            daily: daily, summary: summary,
            startedMs: object["started"]?.stringValue.flatMap(Timestamp.milliseconds(iso8601:)),
            endedMs: object["ended"]?.stringValue.flatMap(Timestamp.milliseconds(iso8601:)),
            ratings: ratings)
    }
}
