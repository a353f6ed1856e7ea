import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// No connection holds a turn: each is handled at most `linesPerTurn` lines a turn, and the
/// rest of what it sent waits for the next turn, behind everyone else's input. On virtual time,
/// turn by turn.
struct TurnShareTests {
    static func pings(_ count: Int, from first: Int = 1) -> [UInt8] {
        Array((first ..< first + count).map { #"{"type":"ping","id":\#($0)}"# + "\n" }.joined().utf8)
    }

    @Test func aThousandCommandsInOneReadAreHandledOverTurnsWhileAnotherPingIsAnsweredInTheFirst() throws {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let share = ServerConfig(version: "test").linesPerTurn
        #expect(share == 16)
        let flooder = host.player("flo")
        let innocent = host.player("ann")
        host.runsPutOffTurns = false

        host.sendInOneTurn([(Self.pings(1_000), flooder), (Array(#"{"type":"ping","id":"mine"}"#.utf8) + [10], innocent)])
        // The turn both reads came in: the flooder's share, and the innocent's pong.
        #expect(host.takeLines(flooder) == (1 ... 16).map { #"{"type":"pong","id":\#($0)}"# })
        #expect(host.takeLines(innocent) == [#"{"type":"pong","id":"mine"}"#])
        #expect(host.notRead.contains(flooder))

        // Each later turn: the next share, in order, and nothing lost.
        var answered = 16
        var turns = 1
        while host.hasPutOffWork {
            // The innocent pings again in this turn: answered in it, whatever waits.
            host.sendInOneTurn([(Array(#"{"type":"ping","id":"t\#(turns)"}"#.utf8) + [10], innocent)])
            #expect(host.takeLines(innocent) == [#"{"type":"pong","id":"t\#(turns)"}"#])
            host.runTurn()
            turns += 1
            let lines = host.takeLines(flooder)
            #expect(lines == (answered + 1 ... min(1_000, answered + 16)).map { #"{"type":"pong","id":\#($0)}"# })
            answered += lines.count
        }
        #expect(answered == 1_000)
        // 1,000 lines at 16 a turn: 63 turns (62 full shares and 8 lines).
        #expect(turns == 63)
        #expect(!host.notRead.contains(flooder))
        #expect(host.logLines.allSatisfy { !$0.contains("read more slowly") })
    }

    @Test func aReadOfExactlyOneShareIsAnsweredInItsTurnWithoutAPause() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let ann = host.player("ann")
        host.runsPutOffTurns = false
        host.sendRaw(Self.pings(16), from: ann)
        #expect(host.takeLines(ann).count == 16)
        #expect(!host.hasPutOffWork)
        #expect(!host.notRead.contains(ann))
        // The next turn is a new share.
        host.sendRaw(Self.pings(17, from: 17), from: ann)
        #expect(host.takeLines(ann).count == 16)
        #expect(host.hasPutOffWork)
        host.runTurn()
        #expect(host.takeLines(ann) == [#"{"type":"pong","id":33}"#])
        #expect(!host.notRead.contains(ann))
    }

    @Test func aLinePutOffAcrossTurnsKeepsItsOrderWithAnOverlongLineAndALaterRead() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let ann = host.player("ann")
        host.runsPutOffTurns = false
        // The 17th line is too long: it is put off like any other and refused in the next turn.
        let tooLong = Array(repeating: UInt8(ascii: "x"), count: LineFramer.defaultMaxLineBytes + 10) + [10]
        host.sendRaw(Self.pings(16) + tooLong + Self.pings(1, from: 100), from: ann)
        #expect(host.takeLines(ann).count == 16)
        // What ann sends meanwhile waits behind what was put off.
        host.sendRaw(Self.pings(1, from: 200), from: ann)
        #expect(host.takeLines(ann).isEmpty)
        host.runTurn()
        let next = host.take(ann)
        #expect(next.map { $0["code"]?.stringValue ?? $0["id"]?.jsonText } == ["line_too_long", "100", "200"])
    }

    @Test func aClientThatClosesWhileItsLinesWaitIsForgotten() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let ann = host.player("ann")
        host.runsPutOffTurns = false
        host.sendRaw(Self.pings(40), from: ann)
        #expect(host.takeLines(ann).count == 16)
        host.drop(ann)
        host.runTurn()
        #expect(host.takeLines(ann).isEmpty)
        #expect(!host.hasPutOffWork)
    }

    @Test func aTurnStopsTakingLinesOnceItsTimeIsSpentAndTheRestWaitInTheOrderTheyCame() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        #expect(ServerConfig(version: "test").turnBudget == .milliseconds(4))
        #expect(ServerConfig(version: "test").turnBudgetNanoseconds == 4_000_000)
        var slower = ServerConfig(version: "test")
        slower.turnBudget = .milliseconds(250)
        #expect(slower.turnBudgetNanoseconds == 250_000_000)
        let players = (0 ..< 10).map { host.player("p\($0)", peer: "10.0.0.\($0 + 1):1") }
        let innocent = host.player("ann")
        host.runsPutOffTurns = false
        // Every reading of the clock finds 1 ms more: the turn reads it at its first line and
        // every 8th, so its 40th line finds 5 ms gone, past the 4 ms budget.
        host.nanosecondsPerRead = 1_000_000
        host.sendInOneTurn(players.map { (Self.pings(16), $0) })
        #expect(players.map { host.takeLines($0).count } == [16, 16, 8, 0, 0, 0, 0, 0, 0, 0])

        // The next turns take the rest, the innocent's fresh ping first in each; no turn takes
        // more than 40 lines. The first of them gives every client put off one line before any
        // gets more (newcomers first), then the rest in the order they were put off.
        var finished: [Int] = []
        var takenByTurn: [[Int]] = []
        while host.hasPutOffWork {
            host.sendInOneTurn([(Array(#"{"type":"ping","id":"t"}"#.utf8) + [10], innocent)])
            #expect(host.takeLines(innocent) == [#"{"type":"pong","id":"t"}"#])
            host.runTurn()
            var taken: [Int] = []
            for (index, player) in players.enumerated() {
                let lines = host.takeLines(player)
                taken.append(lines.count)
                if lines.last == #"{"type":"pong","id":16}"# { finished.append(index) }
            }
            #expect(taken.reduce(0, +) <= 40)
            takenByTurn.append(taken)
        }
        // Turn 1: one line each for 2-9 (8), then 2's last 7, 3's 15 and 4's first 10: 40.
        #expect(takenByTurn.first == [0, 0, 8, 16, 11, 1, 1, 1, 1, 1])
        #expect(finished == [2, 3, 5, 6, 4, 7, 8, 9])
        #expect(takenByTurn.count == 3)
        let takenAfterTheFirstTurn: Int = takenByTurn.joined().reduce(0, +)
        #expect(takenAfterTheFirstTurn == 120)
    }

    @Test func aPingThatCameWithABurstIsAnsweredInTheNextTurnNotBehindTheBurst() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let racers = (0 ..< 60).map { host.player("r\($0)", peer: "10.0.\($0 / 50).\($0 % 50 + 1):1") }
        let innocent = host.player("ann")
        host.runsPutOffTurns = false
        // 1 ms a clock reading: a turn takes 40 lines, as above.
        host.nanosecondsPerRead = 1_000_000
        // 60 racers send 100 pings each in the turn the innocent pings, the innocent last.
        host.sendInOneTurn(racers.map { (Self.pings(100), $0) } + [(Array(#"{"type":"ping","id":"mine"}"#.utf8) + [10], innocent)])
        #expect(racers.prefix(3).map { host.takeLines($0).count } == [16, 16, 8])
        #expect(host.takeLines(innocent).isEmpty)
        // The next turn: the newcomers' lines, one each, the innocent's first (it sent nothing
        // more), then 39 racers'. In the order they came it would be 59th, past this turn's 40.
        host.runTurn()
        #expect(host.takeLines(innocent) == [#"{"type":"pong","id":"mine"}"#])
        let racersTaken = racers.map { host.takeLines($0).count }
        #expect(racersTaken.reduce(0, +) == 39)
        #expect(racersTaken.allSatisfy { $0 <= 1 })
        // And the burst still goes through, every line once, in order.
        while host.hasPutOffWork { host.runTurn() }
        #expect(racers.allSatisfy { host.takeLines($0).last == #"{"type":"pong","id":100}"# })
    }
}
