@testable import CardServer
import Foundation
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// The durable-result rule on its own: which results wait for which journal ticket, which
/// commands and replies wait for which result, and the order they come out in.
struct DurableResultsTests {
    typealias Results = DurableResults<String, String>

    static let start: Results.Command = .success(ClientRequest(id: .int(1), command: .start))
    static func chat(_ text: String) -> Results.Command { .success(ClientRequest(command: .chat(text: text))) }
    static let ann = ClientID(rawValue: 1)
    static let bob = ClientID(rawValue: 2)

    /// The ended games' names, for exact comparisons.
    static func names(_ ended: [Results.Ended]) -> [String] { ended.map(\.game) }

    @Test func withoutAJournalEveryResultGoesOutAtTheTurnsEnd() {
        var results = Results(isJournaled: false, maxHeldCommands: 10)
        results.gameEnded("g1", in: "A", isRecorded: true)
        #expect(results.isPending("A"))
        var submitted: [[String]] = []
        let now = results.endTurn { submitted.append($0); return 1 }
        #expect(Self.names(now) == ["g1"])
        #expect(submitted.isEmpty)
        let deferred = results.deferUntilDurable {}
        #expect(!deferred)
        _ = results.announced(now[0])
        #expect(!results.isPending("A"))
    }

    @Test func aRecordedResultWaitsForItsTicketAndAnUnrecordedOneDoesNot() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        results.gameEnded("g1", in: "A", isRecorded: true)
        results.gameEnded("left before any move", in: "B", isRecorded: false)
        var submitted: [[String]] = []
        let now = results.endTurn { submitted.append($0); return 7 }
        #expect(submitted == [["g1"]])
        #expect(Self.names(now) == ["left before any move"])
        _ = results.announced(now[0])
        #expect(!results.isPending("B"))
        #expect(results.isPending("A"))
        let early = results.written(6)
        #expect(early.isEmpty)
        #expect(results.isPending("A"))
        let written = results.written(7)
        #expect(Self.names(written) == ["g1"])
        #expect(results.isPending("A"), "pending until its game_over is out")
        _ = results.announced(written[0])
        #expect(!results.isPending("A"))
    }

    @Test func twoTurnsTicketsReleaseOnlyTheirOwnGames() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        results.gameEnded("g1", in: "A", isRecorded: true)
        let first = results.endTurn { _ in 1 }
        #expect(first.isEmpty)
        results.gameEnded("g2", in: "B", isRecorded: true)
        results.gameEnded("g3", in: "C", isRecorded: true)
        let second = results.endTurn { _ in 2 }
        #expect(second.isEmpty)
        let two = results.written(2)
        #expect(Self.names(two) == ["g2", "g3"])
        #expect(results.isPending("A"))
        let one = results.written(1)
        #expect(Self.names(one) == ["g1"])
        let again = results.written(1)
        #expect(again.isEmpty, "a ticket is released once")
    }

    @Test func aStartAndEveryLaterCommandWaitAndComeOutInOrder() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        results.gameEnded("g1", in: "A", isRecorded: true)
        _ = results.endTurn { _ in 1 }
        results.hold(Self.ann, start: Self.start, until: "A")
        let keptOne = results.holdMore(Self.chat("one"), from: Self.ann)
        #expect(keptOne)
        results.hold(Self.bob, start: Self.start, until: "A")
        let keptTwo = results.holdMore(Self.chat("two"), from: Self.ann)
        #expect(keptTwo)
        #expect(results.isHolding(Self.ann) && results.isHolding(Self.bob))
        let keptForAStranger = results.holdMore(Self.chat("not held"), from: ClientID(rawValue: 3))
        #expect(!keptForAStranger, "only a held client's commands are kept")

        let written = results.written(1)
        let released = results.announced(written[0])
        #expect(released.clients.map(\.client) == [Self.ann, Self.bob])
        #expect(released.clients[0].commands.map { try? $0.get().command } == [.start, .chat(text: "one"), .chat(text: "two")])
        #expect(released.clients[1].commands.map { try? $0.get().command } == [.start])
        #expect(!results.isHolding(Self.ann) && !results.isHolding(Self.bob))
    }

    @Test func aWaitingClientMayHoldOnlySoManyCommands() {
        var results = Results(isJournaled: true, maxHeldCommands: 3)
        results.gameEnded("g1", in: "A", isRecorded: true)
        results.hold(Self.ann, start: Self.start, until: "A")
        let keptFirst = results.holdMore(Self.chat("1"), from: Self.ann)
        #expect(keptFirst)
        let keptSecond = results.holdMore(Self.chat("2"), from: Self.ann)
        #expect(keptSecond)
        let keptThird = results.holdMore(Self.chat("3"), from: Self.ann)
        #expect(!keptThird)
    }

    @Test func repliesWaitForEveryResultThatEndedBeforeThem() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        var replied: [String] = []
        var deferred = results.deferUntilDurable { replied.append("nothing pending") }
        #expect(!deferred)
        results.gameEnded("g1", in: "A", isRecorded: true)
        // Asked in the same turn the game ended: it waits for the ticket the turn's end will take.
        deferred = results.deferUntilDurable { replied.append("after g1") }
        #expect(deferred)
        _ = results.endTurn { _ in 1 }
        results.gameEnded("g2", in: "B", isRecorded: true)
        _ = results.endTurn { _ in 2 }
        deferred = results.deferUntilDurable { replied.append("after g2") }
        #expect(deferred)
        _ = results.written(1)
        for reply in results.takeDueReplies() { reply() }
        #expect(replied == ["after g1"])
        _ = results.written(2)
        for reply in results.takeDueReplies() { reply() }
        #expect(replied == ["after g1", "after g2"])
        #expect(results.takeDueReplies().isEmpty)
    }

    /// A `stats` released with a held client (start, then stats) is asked for while the
    /// confirmed games are announced: it goes out after the replies that waited longer.
    @Test func aReplyAskedForWhileAnnouncingQueuesBehindOlderOnes() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        var replied: [String] = []
        results.gameEnded("g1", in: "A", isRecorded: true)
        _ = results.endTurn { _ in 1 }
        var deferred = results.deferUntilDurable { replied.append("older") }
        #expect(deferred)
        let written = results.written(1)
        _ = results.announced(written[0])
        // Handling the released commands asks for a reply now.
        deferred = results.deferUntilDurable { replied.append("released") }
        #expect(deferred, "it waits behind the older reply")
        for reply in results.takeDueReplies() { reply() }
        #expect(replied == ["older", "released"])
        deferred = results.deferUntilDurable { replied.append("later") }
        #expect(!deferred, "nothing waits any more")
    }

    @Test func aClosedConnectionNoLongerWaits() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        results.gameEnded("g1", in: "A", isRecorded: true)
        _ = results.endTurn { _ in 1 }
        results.hold(Self.ann, start: Self.start, until: "A")
        results.forget(Self.ann)
        #expect(!results.isHolding(Self.ann))
        let written = results.written(1)
        let released = results.announced(written[0])
        #expect(released.clients.isEmpty)
    }

    @Test func aReleasedClientHeldAgainKeepsTheRestBehindItsNewStart() {
        var results = Results(isJournaled: true, maxHeldCommands: 10)
        results.gameEnded("g2", in: "B", isRecorded: true)
        results.hold(Self.ann, start: Self.start, until: "B")
        results.holdRest([Self.chat("x"), Self.chat("y")], of: Self.ann)
        _ = results.endTurn { _ in 1 }
        let written = results.written(1)
        let released = results.announced(written[0])
        #expect(released.clients[0].commands.map { try? $0.get().command } == [.start, .chat(text: "x"), .chat(text: "y")])
    }

    /// The whole rule through the server, on the scripted host with a real journal: nobody
    /// hears game_over before its record is on disk, a rematch start sent meanwhile is
    /// answered after it, and a stats reply counts the game.
    @Test func onTheServerGameOverWaitsForTheDiskAndAStartWaitsForGameOver() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptedHost(seed: 5, journalDirectory: directory)
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"rps-brain","seats":1,"options":{"rounds":1}}"#, from: ann)
        _ = host.take(ann)

        host.send(#"{"type":"answer","sign":"rock","id":1}"#, from: ann)
        #expect(host.types(ann) == ["answered", "brain_round", "state"])
        host.send(#"{"type":"start","id":2}"#, from: ann)
        host.send(#"{"type":"chat","text":"again","id":3}"#, from: ann)
        host.send(#"{"type":"stats","name":"ann","id":4}"#, from: bob)
        #expect(host.take(ann).isEmpty, "the start and the chat after it wait for game_over")
        #expect(host.take(bob).isEmpty, "stats waits for the game to be on disk")

        host.confirmJournalWrites()
        let lines = host.take(ann)
        #expect(lines.map { $0["type"]?.stringValue ?? "?" } == ["game_over", "ok", "state", "chat"])
        #expect(lines[1]["id"] == .int(2))
        #expect(lines[2]["phase"] == .string("playing"))
        #expect(lines[3]["id"] == .int(3))
        let stats = host.take(bob)
        #expect(stats.count == 1)
        #expect(stats.first?["games"] == .int(1))
        let journal = try String(contentsOfFile: directory + "/results.jsonl", encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1)
        #expect(journal.contains(#""game":"rps-brain""#))
    }

    /// stats (waits for the disk), start (held), stats (held): after the write the replies
    /// come in the order they were asked for.
    @Test func onTheServerRepliesKeepTheirOrderAcrossAHeldStart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptedHost(seed: 5, journalDirectory: directory)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps-brain","seats":1,"options":{"rounds":1}}"#, from: ann)
        host.send(#"{"type":"answer","sign":"rock"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"stats","name":"ann","id":10}"#, from: ann)
        host.send(#"{"type":"start","id":11}"#, from: ann)
        host.send(#"{"type":"stats","name":"ann","id":12}"#, from: ann)
        #expect(host.take(ann).isEmpty)
        host.confirmJournalWrites()
        let lines = host.take(ann)
        #expect(lines.map { $0["type"]?.stringValue ?? "?" } == ["game_over", "ok", "state", "stats", "stats"])
        #expect(lines.map { $0["id"] ?? .null } == [.null, .int(11), .null, .int(10), .int(12)])
    }
}
