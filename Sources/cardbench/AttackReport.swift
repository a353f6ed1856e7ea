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

    /// The p99 target of issue 11: every attack leaves the innocent client's p99 under 50 ms.
    static let p99TargetMilliseconds = 50.0

    func pingMilliseconds(_ percent: Double) -> Double? {
        guard !pingMicroseconds.isEmpty else { return nil }
        return Timings(pingMicroseconds).percentile(percent) / 1_000
    }

    /// No innocent disconnect, pings answered, and p99 under the target.
    var metTarget: Bool {
        guard !innocentDisconnected, let p99 = pingMilliseconds(99) else { return false }
        return p99 < Self.p99TargetMilliseconds
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
        let got = outcome.attackerGot.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
        return #"{"attack":"\#(outcome.attack)","pings":\#(outcome.pingMicroseconds.count),"ping_p50_ms":\#(figures[0]),"ping_p99_ms":\#(figures[1]),"ping_max_ms":\#(figures[2]),"innocent_disconnected":\#(outcome.innocentDisconnected),"innocent_draws":\#(outcome.innocentMoves),"attacker_got":{\#(got)},"attackers_cut":\#(outcome.attackersCut),"met":\#(outcome.metTarget)}"#
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
