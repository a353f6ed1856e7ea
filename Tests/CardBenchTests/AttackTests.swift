import Testing
import Wire
@testable import cardbench

/// `cardbench attack`: its command line, and the report it prints.
struct AttackTests {
    @Test func attackHasTheDocumentedDefaults() throws {
        #expect(try Options.parse(["attack", "--port", "7878"]) == .run(.attack(AttackOptions(
            host: "127.0.0.1", port: 7878, seconds: 3, only: nil, innocentSource: "127.0.0.2", format: .table))))
    }

    @Test func attackReadsEveryOption() throws {
        let request = try Options.parse([
            "attack", "--port", "9", "--host", "127.0.0.5", "--seconds", "7", "--only", "guess",
            "--innocent-from", "127.0.0.9", "--format", "json", "--server-pid", "4242", "--pool-players", "10000",
        ])
        #expect(request == .run(.attack(AttackOptions(
            host: "127.0.0.5", port: 9, seconds: 7, only: "guess", innocentSource: "127.0.0.9", format: .json, serverPID: 4242, poolPlayers: 10_000))))
    }

    @Test func skipLeavesOneAttackOut() throws {
        #expect(try Options.parse(["attack", "--port", "9", "--skip", "spectators"]) == .run(.attack(AttackOptions(
            host: "127.0.0.1", port: 9, seconds: 3, only: nil, skip: "spectators", innocentSource: "127.0.0.2", format: .table))))
        #expect(throws: Options.ParseError(message:
            "--skip must name an attack: flood, rooms, names, churn, slow-reader, guess, klondike-history, leaderboard, spectators, burst-race, disk-fill, second-start, slow-headers, websocket, http-flood, session-churn, login-flood, pool-wave, live-disk-fill, room-churn; not 'lurkers'"
        )) { try Options.parse(["attack", "--port", "9", "--skip", "lurkers"]) }
    }

    @Test(arguments: [
        (["attack"], "attack needs --port N"),
        (["attack", "--port", "1", "--only", "ddos"],
         "--only must name an attack: flood, rooms, names, churn, slow-reader, guess, klondike-history, leaderboard, spectators, burst-race, disk-fill, second-start, slow-headers, websocket, http-flood, session-churn, login-flood, pool-wave, live-disk-fill, room-churn; not 'ddos'"),
        (["attack", "--port", "1", "--innocent-from", "127.1.3.4"],
         "--innocent-from must be a loopback IPv4 address outside 127.1.0.0/16 (the attackers'), not '127.1.3.4'"),
        (["attack", "--port", "1", "--innocent-from", "10.0.0.2"],
         "--innocent-from must be a loopback IPv4 address outside 127.1.0.0/16 (the attackers'), not '10.0.0.2'"),
        (["attack", "--port", "1", "--format", "csv"], "--format must be table or json, not 'csv'"),
        (["attack", "--port", "1", "--seconds", "0"], "--seconds must be a number from 1 to 600, not '0'"),
        (["attack", "--port", "1", "--pool-players", "20000"], "--pool-players must be a number from 2 to 12700, not '20000'"),
    ])
    func badAttackArgumentsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(message: message)) { try Options.parse(arguments) }
    }

    static let calm = AttackOutcome(
        attack: "guess", pingMicroseconds: (1...100).map { Double($0) * 100 }, innocentDisconnected: false,
        innocentMoves: 149, attackerGot: ["no_such_room": 30, "rate_limited": 4950], attackersCut: 0)

    @Test func aRowGivesTheInnocentsPercentilesAndWhatTheAttackerGot() {
        #expect(AttackReport.row(Self.calm)
            == "| guess | 100 | 5.00 | 9.90 | 10.00 | no | 149 | rate_limited 4950, no_such_room 30 | 0 | met |")
        #expect(AttackReport.json(Self.calm)
            == #"{"attack":"guess","pings":100,"ping_p50_ms":5.00,"ping_p99_ms":9.90,"ping_max_ms":10.00,"innocent_disconnected":false,"innocent_draws":149,"attacker_got":{"no_such_room":30,"rate_limited":4950},"attackers_cut":0,"met":true}"#)
    }

    @Test func aDisconnectOrASlowP99MissesTheTarget() {
        let cut = AttackOutcome(
            attack: "flood", pingMicroseconds: [100], innocentDisconnected: true, innocentMoves: 3,
            attackerGot: [:], attackersCut: 1)
        #expect(!cut.metTarget)
        #expect(AttackReport.row(cut) == "| flood | 1 | 0.10 | 0.10 | 0.10 | **yes** | 3 | nothing | 1 | **missed** |")
        let slow = AttackOutcome(
            attack: "rooms", pingMicroseconds: Array(repeating: 60_000, count: 10), innocentDisconnected: false,
            innocentMoves: 0, attackerGot: ["joined": 1], attackersCut: 0)
        #expect(!slow.metTarget)
        let silent = AttackOutcome(attack: "names", pingMicroseconds: [], innocentDisconnected: false, innocentMoves: 0, attackerGot: [:], attackersCut: 0)
        #expect(!silent.metTarget)
        #expect(AttackReport.row(silent) == "| names | 0 | - | - | - | no | 0 | nothing | 0 | **missed** |")
    }

    @Test func theSpectatorsAttackReportsTheServersMemoryAndMissesTheTargetOverIt() {
        let calm = AttackOutcome(
            attack: "spectators", pingMicroseconds: [1_000], innocentDisconnected: false, innocentMoves: 5,
            attackerGot: ["spectators watching": 1_000], attackersCut: 1_000,
            serverMemory: AttackMemory(beforeKiB: 18_432, peakKiB: 290_000, afterKiB: 30_720))
        #expect(calm.metTarget)
        #expect(AttackReport.memoryLine(calm)
            == "spectators: server RSS 18.0 MiB before, peak 283.2 MiB (target: under 300), 30.0 MiB a minute after they left (target: under 64)")
        #expect(AttackReport.json(calm)
            == #"{"attack":"spectators","pings":1,"ping_p50_ms":1.00,"ping_p99_ms":1.00,"ping_max_ms":1.00,"innocent_disconnected":false,"innocent_draws":5,"attacker_got":{"spectators watching":1000},"attackers_cut":1000,"server_rss_before_mib":18.0,"server_rss_peak_mib":283.2,"server_rss_after_mib":30.0,"met":true}"#)
        var kept = calm
        kept.serverMemory = AttackMemory(beforeKiB: 18_432, peakKiB: 290_000, afterKiB: 921_600)
        #expect(!kept.metTarget)
        var unread = calm
        unread.serverMemory = nil
        #expect(AttackReport.memoryLine(unread) == "spectators: server RSS not read (give --server-pid)")
    }

    /// What an attacker read is a key of the JSON report, quoted: a greeting an HTTP attacker
    /// did not expect once made the report unreadable.
    @Test func whatAnAttackerReadIsQuotedInTheJSONReport() throws {
        let odd = AttackOutcome(
            attack: "slow-headers", pingMicroseconds: [], innocentDisconnected: false, innocentMoves: 0,
            attackerGot: [#"{"type":"hello","name":"a\b""#: 1, "HTTP/1.1 408": 59], attackersCut: 60)
        let json = AttackReport.json(odd)
        #expect(json.contains(#""attacker_got":{"HTTP/1.1 408":59,"{\"type\":\"hello\",\"name\":\"a\\b\"":1}"#))
        #expect(try JSONParser.parse(Array(json.utf8)).objectValue?["attacker_got"]?.objectValue?.count == 2)
    }

    @Test func aReplyIsCountedByItsCodeOrType() {
        #expect(LineConnection.kind(of: #"{"type":"error","code":"rate_limited","message":"x"}"#) == "rate_limited")
        #expect(LineConnection.kind(of: #"{"type":"pong"}"#) == "pong")
        #expect(LineConnection.kind(of: "garbage") == "?")
        #expect(LineConnection.kind(of: "HTTP/1.1 503 Service Unavailable\r") == "HTTP/1.1 503")
    }
}
