import Foundation
@testable import CardServer
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// `resign` and `abort` on virtual time: a head-to-head ends at once, a race plays on without
/// the resigner, an abort is no result, each is refused where it does not apply, a rated
/// resign rates and an abort does not, and both survive a restart and rebuild in a replay.
struct ResignAbortTests {
    /// Players called `names` (each from its own address) seated in a room the first creates
    /// with `create`, their mailboxes emptied: the game is under way once the seats are full.
    static func game(_ host: ScriptedHost, create: String, names: [String]) throws -> (clients: [ClientID], room: String, state: JSONObject?) {
        let clients = names.enumerated().map { index, name in host.player(name, peer: "127.0.0.\(index + 1):1") }
        host.send(create, from: clients[0])
        let room = try #require(host.take(clients[0]).first?["room"]?.stringValue)
        for client in clients.dropFirst() {
            host.send(#"{"type":"join","room":"\#(room)"}"#, from: client)
        }
        let state = last("state", in: host.take(clients[0]))
        for client in clients.dropFirst() { _ = host.take(client) }
        return (clients, room, state)
    }

    static func last(_ type: String, in messages: [JSONObject]) -> JSONObject? {
        messages.last { $0["type"]?.stringValue == type }
    }

    @Test func aResignEndsAHeadToHeadMatchAtOnceForBoth() throws {
        let host = ScriptedHost(seed: 3)
        let (clients, room, began) = try Self.game(host, create: #"{"type":"create","game":"rps","options":{"rounds":3}}"#, names: ["ann", "bob"])
        let (ann, bob) = (clients[0], clients[1])
        #expect(began?["abortable"] == true)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: bob)
        #expect(Self.last("state", in: host.take(ann))?["abortable"] == nil)
        host.send(#"{"type":"resign","id":7}"#, from: ann)
        let annSaw = host.take(ann)
        #expect(annSaw.first?["type"] == "ok")
        #expect(annSaw.first?["id"] == 7)
        let state = try #require(Self.last("state", in: annSaw))
        #expect(state["phase"] == "over")
        #expect(state["players"]?.arrayValue?.map { $0.objectValue?["resigned"] } == [true, nil])
        #expect(state["cause"] == ["kind": "command", "player": "ann", "command": "resign"])
        let over = try #require(Self.last("game_over", in: annSaw))
        #expect(over["room"] == .string(room))
        #expect(over["winners"] == ["bob"])
        #expect(over["scores"] == ["ann": 0, "bob": 0])
        // The seed is revealed to the resigner as to everyone.
        #expect(over["seed"]?.intValue != nil)
        #expect(Self.last("game_over", in: host.take(bob)) == over)
        // Over: a second resign, a move and an abort are refused; a rematch is one start away.
        host.send(#"{"type":"resign"}"#, from: ann)
        #expect(host.take(ann).last?["code"] == "game_over")
        host.send(#"{"type":"start"}"#, from: ann)
        host.send(#"{"type":"start"}"#, from: bob)
        let rematch = try #require(Self.last("state", in: host.take(ann)))
        #expect(rematch["phase"] == "playing")
        #expect(rematch["players"]?.arrayValue?.map { $0.objectValue?["resigned"] } == [nil, nil])
    }

    @Test func aResignInAThreePlayerRaceTakesOnlyTheResignerOut() throws {
        let host = ScriptedHost(seed: 5)
        let (clients, _, _) = try Self.game(host, create: #"{"type":"create","game":"set","seats":3}"#, names: ["ann", "bob", "cat"])
        let (ann, bob, cat) = (clients[0], clients[1], clients[2])
        host.send(#"{"type":"resign"}"#, from: ann)
        let state = try #require(Self.last("state", in: host.take(cat)))
        #expect(state["phase"] == "playing")
        #expect(state["players"]?.arrayValue?.map { $0.objectValue?["resigned"] } == [true, nil, nil])
        _ = host.take(ann)
        // Out of the game: no claim, no second resign; still in the room, watching.
        host.send(#"{"type":"claim","cards":[0,1,2]}"#, from: ann)
        #expect(host.take(ann).last?["message"] == #"you resigned this game; the others play it out (send {"type":"leave"} to go)"#)
        host.send(#"{"type":"resign"}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "you resigned this game already")
        // bob resigns too: cat is the last one playing and wins at once.
        host.send(#"{"type":"resign"}"#, from: bob)
        let over = try #require(Self.last("game_over", in: host.take(ann)))
        #expect(over["winners"] == ["cat"])
        #expect(over["scores"]?.objectValue?.keys.sorted() == ["ann", "bob", "cat"])
    }

    @Test func whoResignedCannotWinWhatTheOthersPlayedOut() {
        let result = GameResult(
            winners: ["ann"],
            scores: [NamedScore(name: "ann", score: 5), NamedScore(name: "bob", score: 2), NamedScore(name: "cat", score: 3)])
        #expect(result.conceded(by: ["ann"]).winners == ["cat"])
        #expect(result.conceded(by: ["bob"]).winners == ["ann"])
        let tie = GameResult(winners: ["ann", "bob"], scores: [NamedScore(name: "ann", score: 4), NamedScore(name: "bob", score: 4)])
        #expect(tie.conceded(by: ["ann"]).winners == ["bob"])
    }

    @Test func aResignAgainstTheRobotOrAloneEndsTheGame() throws {
        let host = ScriptedHost(seed: 2)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps","options":{"bot":"random"}}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"resign"}"#, from: ann)
        let over = try #require(Self.last("game_over", in: host.take(ann)))
        #expect(over["winners"] == ["robot"])

        let eve = host.player("eve", peer: "127.0.0.9:1")
        host.send(#"{"type":"create","game":"klondike"}"#, from: eve)
        _ = host.take(eve)
        host.send(#"{"type":"draw"}"#, from: eve)
        host.send(#"{"type":"resign"}"#, from: eve)
        let solo = try #require(Self.last("game_over", in: host.take(eve)))
        #expect(solo["winners"] == [])
    }

    @Test func anAbortEndsAnUnplayedGameForEveryoneAsNoResult() throws {
        let directory = NSTemporaryDirectory() + "abort-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptedHost(seed: 4, journalDirectory: directory)
        let (clients, _, began) = try Self.game(host, create: #"{"type":"create","game":"concentration","seats":2}"#, names: ["ann", "bob"])
        #expect(began?["phase"] == "playing")
        #expect(began?["abortable"] == true)
        let (ann, bob) = (clients[0], clients[1])
        host.send(#"{"type":"abort","id":"a"}"#, from: bob)
        host.confirmJournalWrites()
        let bobSaw = host.take(bob)
        #expect(bobSaw.first?["type"] == "ok")
        #expect(bobSaw.first?["id"] == "a")
        let over = try #require(Self.last("game_over", in: bobSaw))
        #expect(over["winners"] == [])
        #expect(Self.last("game_over", in: host.take(ann))?["winners"] == [])
        // No result: nothing in the journal, nothing in anyone's record.
        host.send(#"{"type":"stats","name":"ann"}"#, from: ann)
        host.confirmJournalWrites()
        #expect(Self.last("stats", in: host.take(ann))?["games"] == 0)
        #expect(host.journal?.gamesWithIDs == 0)

        // After a move, abort is refused; resign is what ends it.
        host.send(#"{"type":"start"}"#, from: ann)
        host.send(#"{"type":"start"}"#, from: bob)
        _ = host.take(bob)
        let turn = try #require(Self.last("state", in: host.take(ann)))["turn"]?.stringValue
        let mover = turn == "ann" ? ann : bob
        host.send(#"{"type":"flip","card":0}"#, from: mover)
        host.send(#"{"type":"abort","id":2}"#, from: ann)
        #expect(host.take(ann).last == [
            "type": "error", "code": "illegal_move",
            "message": #"a game can be aborted only before anyone moves; send {"type":"resign"} to concede it"#, "id": 2,
        ])
    }

    @Test func resignAndAbortAreRefusedWhereTheyDoNotApply() throws {
        let host = ScriptedHost(seed: 6)
        let ann = host.player("ann")
        host.send(#"{"type":"resign","id":1}"#, from: ann)
        #expect(host.take(ann).last?["code"] == "not_in_room")
        host.send(#"{"type":"create","game":"rps"}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"abort","id":1}"#, from: ann)
        #expect(host.take(ann).last?["code"] == "game_not_started")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        let zed = host.player("zed", peer: "127.0.0.3:1")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: zed)
        _ = host.take(zed)
        host.send(#"{"type":"resign","id":1}"#, from: zed)
        #expect(host.take(zed).last == [
            "type": "error", "code": "not_seated", "message": "spectators have no game to resign; only a seated player can", "id": 1,
        ])

        // A daily deal is never aborted: its first try counts.
        let eve = host.player("eve", peer: "127.0.0.4:1")
        host.send(#"{"type":"create","game":"klondike","options":{"daily":true}}"#, from: eve)
        _ = host.take(eve)
        host.send(#"{"type":"abort"}"#, from: eve)
        #expect(host.take(eve).last?["message"] == #"a daily deal cannot be aborted: its first try is the one that counts; send {"type":"resign"} to end it"#)
    }

    @Test func aRatedResignMovesBothRatingsAndAnAbortNeither() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        _ = try RatedGameTests.seatRPS(host, ann, bob)
        _ = host.take(ann)
        host.send(#"{"type":"abort"}"#, from: ann)
        host.confirmJournalWrites()
        #expect(RatedGameTests.last("game_over", host, bob)?["ratings"] == nil)
        host.send(#"{"type":"start"}"#, from: ann)
        host.send(#"{"type":"start"}"#, from: bob)
        _ = host.take(ann)
        // Both still at 1500 / 350: the abort rated nothing. bob resigns: ann's first win.
        host.send(#"{"type":"resign"}"#, from: bob)
        host.confirmJournalWrites()
        let over = try #require(RatedGameTests.last("game_over", host, ann))
        #expect(over["winners"] == ["ann"])
        #expect(over["ratings"] == RatedGameTests.firstWin)
    }

    @Test func aResignSurvivesARestartAndItsReplayEndsTheGameTheSameWay() throws {
        let directory = NSTemporaryDirectory() + "resign-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try OneGameRecordTests.server(in: directory)
        let names = ["ann", "bob", "cat"]
        var tokens: [String] = []
        var clients: [ClientID] = []
        for (index, name) in names.enumerated() {
            let client = first.connect(peer: "127.0.0.\(index + 1):1")
            tokens.append(OneGameRecordTests.token(of: client, on: first, name: name))
            clients.append(client)
        }
        first.send(#"{"type":"create","game":"rps-brain","seats":3,"options":{"rounds":3}}"#, from: clients[0])
        let room = try #require(first.take(clients[0]).first?["room"]?.stringValue)
        first.send(#"{"type":"join","room":"\#(room)"}"#, from: clients[1])
        first.send(#"{"type":"join","room":"\#(room)"}"#, from: clients[2])
        first.send(#"{"type":"resign"}"#, from: clients[0])
        first.server.flushRoomLog()

        // The process dies; the restart rebuilds the room with ann out of the game.
        let second = try OneGameRecordTests.server(in: directory)
        var back: [ClientID] = []
        for (index, token) in tokens.enumerated() {
            let client = second.connect(peer: "127.0.0.\(index + 1):1")
            second.send(#"{"type":"login","token":"\#(token)"}"#, from: client)
            back.append(client)
        }
        let state = try #require(Self.last("state", in: second.take(back[1])))
        #expect(state["phase"] == "playing")
        #expect(state["players"]?.arrayValue?.map { $0.objectValue?["resigned"] } == [true, nil, nil])
        second.send(#"{"type":"resign"}"#, from: back[2])
        let over = try #require(Self.last("game_over", in: second.take(back[1])))
        #expect(over["winners"] == ["bob"])
        let gameID = try #require(over["game_id"]?.stringValue)

        second.send(#"{"type":"replay","game":"\#(gameID)"}"#, from: back[0])
        #expect(second.runBackgroundWork() == 1)
        let replay = try #require(second.take(back[0]).last)
        let steps = try #require(replay["steps"]?.arrayValue).compactMap(\.objectValue)
        #expect(steps.map { "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" } == [
            "resign ann", "back ann", "back bob", "back cat", "resign cat",
        ])
        second.send(#"{"type":"replay","game":"\#(gameID)","step":\#(steps.count),"seat":1}"#, from: back[0])
        #expect(second.runBackgroundWork() == 1)
        let frame = try #require(second.take(back[0]).last)
        #expect(frame["events"]?.arrayValue?.last == .object(over))
    }
}
