import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Replies measured against Protocol.md's reply-size table, with the longest
/// names a room can hold (eight seats of 61-byte names).
struct ReplySizeTests {
    /// "3𝕏𝕏…": a digit and fifteen four-byte letters, 61 bytes.
    static func longName(_ number: Int) -> String { "\(number)" + String(repeating: "𝕏", count: 15) }

    /// Sends a line and returns the byte count of each line sent back.
    static func sizes(_ host: ScriptedHost, _ line: String, from client: ClientID) -> [Int] {
        host.bytesSent[client] = 0
        host.send(line, from: client)
        _ = host.take(client)
        return [host.bytesSent[client] ?? 0]
    }

    @Test func shortRepliesStayWithinTheirTableRows() {
        let host = ScriptedHost()
        let ann = host.connect()
        _ = host.take(ann)
        #expect(Self.sizes(host, #"{"type":"help"}"#, from: ann)[0] <= 8192)
        #expect(Self.sizes(host, #"{"type":"ping"}"#, from: ann)[0] <= 16)
        #expect(Self.sizes(host, #"{"type":"login","name":"\#(Self.longName(1))"}"#, from: ann)[0] <= 600)
        host.send(#"{"type":"create","game":"concentration","seats":8,"private":true}"#, from: ann)
        let joined = host.take(ann).first?.jsonText ?? ""
        #expect(joined.utf8.count + 1 <= 100)
        #expect(Self.sizes(host, #"{"type":"leave"}"#, from: ann)[0] <= 60)
    }

    @Test(arguments: ["set", "concentration", "klondike", "rps-brain"])
    func aStateWithEightLongNamesIsUnderSixteenKiB(game: String) {
        let host = ScriptedHost(config: ServerConfig(version: "test", maxConnectionsPerAddress: 0))
        let players = (1...8).map { host.player(Self.longName($0)) }
        host.send(#"{"type":"create","game":"\#(game)","seats":8}"#, from: players[0])
        let code = host.take(players[0]).first?["room"]?.stringValue ?? "?"
        for player in players.dropFirst() {
            host.send(#"{"type":"join","room":"\#(code)"}"#, from: player)
        }
        // The eighth seat started the game (Klondike's once its winnable deal is found): its state has every name in it.
        host.runBackgroundWork()
        let states = host.take(players[0]).filter { $0["type"] == .string("state") }
        #expect(states.last?["phase"] == .string("playing"))
        let largest = states.map { $0.jsonText.utf8.count + 1 }.max() ?? 0
        #expect(largest > 500)
        #expect(largest <= 16 * 1024)
    }

    /// Protocol.md's row for `daily_leaderboard`: ten of the longest names (64 bytes, 16
    /// characters of 4 bytes), the longest deal name and every figure stay under 3 KiB.
    @Test func aFullDailyLeaderboardIsUnderThreeKiB() {
        let entries = (1...10).map { number in
            DailyLeaderboard.Entry(
                name: String(repeating: "𝕏", count: 16), finished: true, score: -52 * number, timeMs: 86_400_000 + number,
                figures: [NamedScore(name: "moves", score: 99_999), NamedScore(name: "undos", score: 99_999)])
        }
        let deal = "klondike draw=3 passes=3 scoring=standard winnable"
        let line = ServerMessage.dailyLeaderboard(
            DailyLeaderboard(game: "klondike", day: "2026-11-24", deal: deal, entries: entries), id: .string(String(repeating: "i", count: 64))
        ).encodedLine()
        #expect(line.count > 1_500)
        #expect(line.count <= 3 * 1024)
    }
}
