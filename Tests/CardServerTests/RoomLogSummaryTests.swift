import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A room's comings and goings (spectators watching and leaving, seats taken and left between
/// games, rematch offers) are replaced in the room log by a summary of its members once they
/// pass ``RoomLog/passingBound``, and the game's own records stay. Each test plays the same
/// script on two servers, one that summarizes and one that never does, kills both, and
/// starts each again on its own directory: every player comes back to exactly the same
/// messages (the same `seq`, seats, spectators, offers and game), from a log a fraction of the size.
struct RoomLogSummaryTests {
    /// Commands unlimited: a spectator here watches and leaves thousands of times in a row.
    static let config: ServerConfig = {
        var config = ServerConfig(version: "test")
        config.commandRate = 0
        return config
    }()

    /// A server on `directory`, recovered from what is there; `summarizes` false for one whose
    /// log never summarizes a room.
    static func server(in directory: String, summarizes: Bool) throws -> ScriptedHost {
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        if !summarizes { log.passingBound = .max }
        // Rewritten whenever it is twice what the rooms need, however small: a restart then
        // reads the summaries, not the lines they replaced.
        log.compactionFloor = 0
        let replays = try ReplayStore(dataDirectory: directory, keepDays: 30, policy: .no, log: { _ in })
        let host = ScriptedHost(config: config, seed: 9, roomLog: log, replays: replays)
        host.server.recover()
        return host
    }

    /// The players' tokens, by name, and the room the script played in.
    struct Played {
        var tokens: [String: String] = [:]
        var room = ""
    }

    /// Runs `script` on a summarizing server and on one that never summarizes, each in a
    /// directory of its own; then starts each again, logs every player back in, in the
    /// order given, and expects each to hear the same on both.
    /// - Returns: the summarizing log's file and live records' sizes after the script, the
    ///   other log's, how many summaries were made, and what each player heard once back.
    /// - Parameter afterwards: what the players do once back (on each restarted server), and
    ///   the messages it expects the same on both, kept in `heard` as `"afterwards"`.
    static func expectSameRestart(
        of players: [String], script: (ScriptedHost) throws -> Played,
        afterwards: (ScriptedHost, [String: ClientID]) throws -> [JSONObject] = { _, _ in [] }
    ) throws -> (summarized: (file: Int, live: Int), whole: Int, summaries: Int, heard: [String: [JSONObject]]) {
        var sizes: [(file: Int, live: Int)] = []
        var summaries = 0
        var heard: [[String: [JSONObject]]] = []
        for summarizes in [true, false] {
            let directory = NSTemporaryDirectory() + "summary-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let first = try server(in: directory, summarizes: summarizes)
            let played = try script(first)
            first.runBackgroundWork()
            let log = try #require(first.server.roomLog)
            sizes.append((log.fileSize, log.sizes.live))
            if summarizes {
                summaries = log.summaries
                // What the restart reads: the summary, in place of the lines it replaced.
                let file = try String(contentsOfFile: log.path, encoding: .utf8)
                #expect(file.contains(#"{"k":"members","room":"\#(played.room)""#))
            }

            // The process dies; a new one reads the log, and each comes back with their token.
            let second = try server(in: directory, summarizes: summarizes)
            var clients: [String: ClientID] = [:]
            for (index, name) in players.enumerated() {
                let client = second.connect(peer: "127.0.0.\(index + 1):1")
                second.send(#"{"type":"login","token":"\#(played.tokens[name] ?? "")"}"#, from: client)
                clients[name] = client
            }
            var messages: [String: [JSONObject]] = [:]
            for (name, client) in clients {
                // `hello` names the server's start time: the only line that differs by run.
                messages[name] = second.take(client).filter { $0["type"] != .string("hello") }
            }
            messages["afterwards"] = try afterwards(second, clients)
            heard.append(messages)
        }
        #expect(heard[0]["afterwards"] == heard[1]["afterwards"])
        for name in players {
            #expect(heard[0][name] == heard[1][name], "\(name) came back to other messages")
            #expect(heard[0][name]?.isEmpty == false)
        }
        return (sizes[0], sizes[1].file, summaries, heard[0])
    }

    /// Connects and logs in each of `names`, each from an address of its own, keeping their
    /// tokens in `played`.
    static func connect(_ names: [String], on host: ScriptedHost, into played: inout Played) -> [String: ClientID] {
        var clients: [String: ClientID] = [:]
        for (index, name) in names.enumerated() {
            let client = host.connect(peer: "127.0.0.\(index + 1):1")
            played.tokens[name] = OneGameRecordTests.token(of: client, on: host, name: name)
            clients[name] = client
        }
        return clients
    }

    static func lastState(_ messages: [JSONObject]?) -> JSONObject? {
        messages?.last { $0["type"] == .string("state") }
    }

    @Test func aSpectatorWatchingAndLeavingFiveThousandTimesLeavesOneSummaryInTheLog() throws {
        let outcome = try Self.expectSameRestart(of: ["ann", "bob", "carl", "dave"]) { host in
            var played = Played()
            let clients = Self.connect(["ann", "bob", "carl", "dave"], on: host, into: &played)
            let (ann, bob, carl, dave) = (clients["ann"]!, clients["bob"]!, clients["carl"]!, clients["dave"]!)
            host.send(#"{"type":"create","game":"rps","options":{"rounds":3}}"#, from: ann)
            played.room = try #require(host.take(ann).first?["room"]?.stringValue)
            host.send(#"{"type":"join","room":"\#(played.room)"}"#, from: bob)
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            for _ in 0..<5_000 {
                host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
                host.send(#"{"type":"leave"}"#, from: carl)
                // A rewrite's rename, done by the worker.
                host.runBackgroundWork()
            }
            // Two spectators stay: carl, and dave, who goes away.
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: dave)
            host.drop(dave)
            // The round ends after the summaries: a game input that follows them.
            host.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
            let state = try #require(Self.lastState(host.take(carl)))
            #expect(state["spectators"] == .int(2))
            // create 1, the game begins 2, ann's throw 3, a state each watch and each leave,
            // carl's and dave's watch, dave away, bob's throw.
            #expect(state["seq"] == .int(3 + 2 * 5_000 + 4))
            return played
        }
        // 10,000 records of about 250 bytes, where the summarizing log keeps one summary of
        // the room beside the game's records; its file was rewritten once past 1 MiB.
        #expect(outcome.whole > 1_200_000)
        // One summary each 64 KiB of comings and goings: 1.2 MB of them.
        #expect((15...19).contains(outcome.summaries))
        #expect(outcome.summarized.live < RoomLog.defaultPassingBound + 4_096)
        #expect(outcome.summarized.file < outcome.whole / 4)
        let carl = try #require(Self.lastState(outcome.heard["carl"]))
        #expect(carl["spectators"] == .int(2))
        #expect(carl["round"] == .int(2))
        // And a state each for the four coming back.
        #expect(carl["seq"] == .int(3 + 2 * 5_000 + 4 + 4))
    }

    @Test func aRoomBetweenGamesComesBackWithItsNewSeatAndItsRematchOffer() throws {
        let outcome = try Self.expectSameRestart(of: ["ann", "carl", "dave"]) { host in
            var played = Played()
            let clients = Self.connect(["ann", "bob", "carl", "dave"], on: host, into: &played)
            let (ann, bob, carl, dave) = (clients["ann"]!, clients["bob"]!, clients["carl"]!, clients["dave"]!)
            host.send(#"{"type":"create","game":"rps","options":{"rounds":1}}"#, from: ann)
            played.room = try #require(host.take(ann).first?["room"]?.stringValue)
            host.send(#"{"type":"join","room":"\#(played.room)"}"#, from: bob)
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
            #expect(host.take(ann).contains { $0["type"] == .string("game_over") })
            // Between games: bob goes, dave takes his seat, ann offers a rematch.
            host.send(#"{"type":"leave"}"#, from: bob)
            host.send(#"{"type":"join","room":"\#(played.room)"}"#, from: dave)
            host.send(#"{"type":"start"}"#, from: ann)
            for _ in 0..<2_000 {
                host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
                host.send(#"{"type":"leave"}"#, from: carl)
                // A rewrite's rename, done by the worker.
                host.runBackgroundWork()
            }
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
            return played
        }
        #expect(outcome.summaries >= 5)
        #expect(outcome.summarized.live < RoomLog.defaultPassingBound + 4_096)
        #expect(outcome.whole > 450_000)
        let dave = try #require(Self.lastState(outcome.heard["dave"]))
        #expect(dave["phase"] == .string("over"))
        #expect(dave["players"]?.arrayValue?.compactMap { $0.objectValue?["name"] } == [.string("ann"), .string("dave")])
        #expect(dave["rematch_votes"] == .array([.string("ann")]))
        #expect(dave["spectators"] == .int(1))
    }

    /// Watches and leaves, `times` over, with the worker renaming each rewrite into place.
    static func churn(_ spectator: ClientID, in room: String, times: Int, on host: ScriptedHost) {
        for _ in 0..<times {
            host.send(#"{"type":"watch","room":"\#(room)"}"#, from: spectator)
            host.send(#"{"type":"leave"}"#, from: spectator)
            host.runBackgroundWork()
        }
    }

    @Test func spectatorsWhoMovedOnOrLeftAfterASummaryComeBackWhereTheyWent() throws {
        let outcome = try Self.expectSameRestart(of: ["ann", "carl", "erin"]) { host in
            var played = Played()
            let clients = Self.connect(["ann", "carl", "erin", "fred"], on: host, into: &played)
            let (ann, carl, erin, fred) = (clients["ann"]!, clients["carl"]!, clients["erin"]!, clients["fred"]!)
            host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
            played.room = try #require(host.take(ann).first?["room"]?.stringValue)
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: erin)
            Self.churn(carl, in: played.room, times: 1_000, on: host)
            // carl and erin are in a summary as spectators. Then erin goes, to no room, and
            // carl plays a game of his own; fred's comings and goings summarize the room
            // again, without them, and their `leave` records are gone from the log.
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
            host.send(#"{"type":"draw"}"#, from: ann)
            host.send(#"{"type":"leave"}"#, from: erin)
            host.send(#"{"type":"leave"}"#, from: carl)
            host.send(#"{"type":"create","game":"klondike"}"#, from: carl)
            host.send(#"{"type":"draw"}"#, from: carl)
            host.send(#"{"type":"draw"}"#, from: carl)
            Self.churn(fred, in: played.room, times: 1_000, on: host)
            return played
        }
        #expect(outcome.summaries >= 2)
        let ann = try #require(Self.lastState(outcome.heard["ann"]))
        #expect(ann["spectators"] == .int(0))
        #expect(ann["stock"] == .int(23))
        let carl = try #require(Self.lastState(outcome.heard["carl"]))
        #expect(carl["room"] != ann["room"])
        #expect(carl["stock"] == .int(22))
        // erin was in no room: her session did not outlive the server.
        #expect(outcome.heard["erin"]?.map { $0["type"] } == [.string("error")])
    }

    @Test func aSeatLeftDuringAGameIsTheGamesAndStaysThroughSummaries() throws {
        let outcome = try Self.expectSameRestart(of: ["ann", "bob", "carl", "gina"]) { host in
            var played = Played()
            let clients = Self.connect(["ann", "bob", "carl", "dave", "erin", "gina"], on: host, into: &played)
            let (ann, bob, carl, dave, erin, gina) = (clients["ann"]!, clients["bob"]!, clients["carl"]!, clients["dave"]!, clients["erin"]!, clients["gina"]!)
            host.send(#"{"type":"create","game":"set","seats":3}"#, from: ann)
            played.room = try #require(host.take(ann).first?["room"]?.stringValue)
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: gina)
            host.send(#"{"type":"join","room":"\#(played.room)"}"#, from: bob)
            host.send(#"{"type":"join","room":"\#(played.room)"}"#, from: dave)
            // A game under way: bob goes away and comes back, dave leaves it for good.
            host.drop(bob)
            let bobAgain = host.connect(peer: "127.0.0.2:1")
            host.send(#"{"type":"login","token":"\#(played.tokens["bob"] ?? "")"}"#, from: bobAgain)
            host.send(#"{"type":"leave"}"#, from: dave)
            // gina watched from before the game began (the `room` record its `begin` follows
            // names her), and leaves, to no room.
            host.send(#"{"type":"leave"}"#, from: gina)
            Self.churn(erin, in: played.room, times: 500, on: host)
            host.send(#"{"type":"watch","room":"\#(played.room)"}"#, from: carl)
            let state = try #require(Self.lastState(host.take(carl)))
            #expect(state["phase"] == .string("playing"))
            return played
        } afterwards: { host, clients in
            // ann concedes, leaving bob alone: the game ends, and its replay is made of every
            // input since its begin.
            host.send(#"{"type":"resign"}"#, from: clients["ann"]!)
            let over = try #require(host.take(clients["ann"]!).last { $0["type"] == .string("game_over") })
            host.send(#"{"type":"replay","game":"\#(over["game_id"]?.stringValue ?? "")"}"#, from: clients["ann"]!)
            host.runBackgroundWork()
            return [over, try #require(host.take(clients["ann"]!).last)]
        }
        #expect(outcome.summaries >= 1)
        let carl = try #require(Self.lastState(outcome.heard["carl"]))
        #expect(carl["players"]?.arrayValue?.compactMap { $0.objectValue?["name"] } == [.string("ann"), .string("bob")])
        #expect(outcome.heard["gina"]?.map { $0["type"] } == [.string("error")])
        let replay = try #require(outcome.heard["afterwards"]?.last)
        let steps = try #require(replay["steps"]?.arrayValue).compactMap(\.objectValue)
        #expect(steps.map { "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" } == [
            "away bob", "back bob", "left dave", "back ann", "back bob", "resign ann",
        ])
    }
}
