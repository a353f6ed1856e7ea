import Wire

/// What one attack cost the innocent client, and what the attacker got.
struct AttackOutcome: Equatable {
    /// The attack's name, as `--only` takes it.
    let attack: String
    /// The innocent client's ping round trips during the attack, in microseconds.
    let pingMicroseconds: [Double]
    /// Whether the server ever closed one of the innocent client's connections.
    let innocentDisconnected: Bool
    /// Klondike draws the innocent player had answered meanwhile.
    let innocentMoves: Int
    /// Replies the attackers got, by error code or message type.
    let attackerGot: [String: Int]
    /// Attacker connections the server closed.
    let attackersCut: Int
    /// The server's memory around the attack, for the attacks that read it (with `--server-pid`).
    var serverMemory: AttackMemory? = nil

    /// The p99 target of issue 11: every attack leaves the innocent client's p99 under 50 ms.
    static let p99TargetMilliseconds = 50.0

    func pingMilliseconds(_ percent: Double) -> Double? {
        guard !pingMicroseconds.isEmpty else { return nil }
        return Timings(pingMicroseconds).percentile(percent) / 1_000
    }

    /// No innocent disconnect, pings answered, p99 under the target, and the server's memory
    /// under its targets when it was read.
    var metTarget: Bool {
        guard !innocentDisconnected, let p99 = pingMilliseconds(99) else { return false }
        return p99 < Self.p99TargetMilliseconds && serverMemory?.metTarget != false
    }
}

/// The attack bench's output: a table for people, one JSON object per attack for scripts.
enum AttackReport {
    static let header = "| attack | innocent pings | p50 ms | p99 ms | max ms | innocent cut off | innocent draws | attacker got | attackers cut off | target |"

    /// One Markdown table row, as the README shows it.
    static func row(_ outcome: AttackOutcome) -> String {
        let figures = [50.0, 99, 100].map { outcome.pingMilliseconds($0).map { format($0) } ?? "-" }
        return "| \(outcome.attack) | \(outcome.pingMicroseconds.count) | \(figures[0]) | \(figures[1]) | \(figures[2]) | "
            + "\(outcome.innocentDisconnected ? "**yes**" : "no") | \(outcome.innocentMoves) | \(got(outcome.attackerGot)) | "
            + "\(outcome.attackersCut) | \(outcome.metTarget ? "met" : "**missed**") |"
    }

    /// The whole table.
    static func table(_ outcomes: [AttackOutcome]) -> String {
        ([header, "|---|---|---|---|---|---|---|---|---|---|"] + outcomes.map(row)).joined(separator: "\n")
    }

    /// One JSON object for an attack.
    static func json(_ outcome: AttackOutcome) -> String {
        let figures = [50.0, 99, 100].map { outcome.pingMilliseconds($0).map { format($0) } ?? "null" }
        // A key is what an attacker read (a status line, or a greeting it did not expect): quoted.
        let got = outcome.attackerGot.sorted { $0.key < $1.key }.map { "\(JSONValue.string($0.key).jsonText):\($0.value)" }.joined(separator: ",")
        let memory = outcome.serverMemory.map {
            #","server_rss_before_mib":\#(mebibytes($0.beforeKiB)),"server_rss_peak_mib":\#(mebibytes($0.peakKiB)),"server_rss_after_mib":\#(mebibytes($0.afterKiB))"#
        } ?? ""
        return #"{"attack":"\#(outcome.attack)","pings":\#(outcome.pingMicroseconds.count),"ping_p50_ms":\#(figures[0]),"ping_p99_ms":\#(figures[1]),"ping_max_ms":\#(figures[2]),"innocent_disconnected":\#(outcome.innocentDisconnected),"innocent_draws":\#(outcome.innocentMoves),"attacker_got":{\#(got)},"attackers_cut":\#(outcome.attackersCut)\#(memory),"met":\#(outcome.metTarget)}"#
    }

    /// The server's memory around an attack that read it, under the table:
    /// `spectators: server RSS 18.0 MiB before, peak 281.5 MiB (target: under 300), 30.2 MiB a minute after they left (target: under 64)`.
    static func memoryLine(_ outcome: AttackOutcome) -> String {
        guard let memory = outcome.serverMemory else {
            return "\(outcome.attack): server RSS not read (give --server-pid)"
        }
        return "\(outcome.attack): server RSS \(mebibytes(memory.beforeKiB)) MiB before, peak \(mebibytes(memory.peakKiB)) MiB "
            + "(target: under \(AttackMemory.peakTargetMiB)), \(mebibytes(memory.afterKiB)) MiB a minute after they left "
            + "(target: under \(AttackMemory.afterTargetMiB))"
    }

    /// KiB as MiB with one decimal.
    static func mebibytes(_ kib: Int) -> String {
        let tenths = (kib * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// "rate_limited 12, pong 4096": the most frequent first, then by name.
    static func got(_ counts: [String: Int]) -> String {
        guard !counts.isEmpty else { return "nothing" }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// Two decimals.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
