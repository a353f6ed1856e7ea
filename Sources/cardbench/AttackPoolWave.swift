import Glibc

extension Attacks {
    /// Players from one address in `pool-wave`: 50, under the server's caps of sessions and
    /// guest logins a minute per address (2,000 players come from 40 addresses, 10,000 from 200).
    static let poolWavePlayersAnAddress = 50

    /// Issue 42's quick pairing over the network: `--pool-players` guests (2,000 unless told)
    /// log in, then all send `pool_join` to rps-3 at once; the waves seat them (25 tables a turn). Counts who
    /// was paired and prints, in the tally, the time from each `pool_join` sent to its `paired`
    /// read (p50, p99, max in ms). The innocent's pings, as for every attack, say what the
    /// wave's turns cost everyone else. Every player is a guest at 1500: the pairs' rating gap
    /// is `cardbench pools`' to measure.
    static func poolWave(_ context: AttackContext) {
        let count = context.poolPlayers
        let addresses = (count + poolWavePlayersAnAddress - 1) / poolWavePlayersAnAddress
        var players: [LineConnection] = []
        players.reserveCapacity(count)
        for number in 0..<count where !context.stop.value {
            if let player = context.player("w\(number)", from: 1 + number % addresses) { players.append(player) }
        }
        context.tally.add("logged in", players.count)
        var sentAt: [UInt64] = []
        sentAt.reserveCapacity(players.count)
        for player in players {
            player.send(#"{"type":"pool_join","pool":"rps-3"}"#)
            sentAt.append(monotonicNanoseconds())
        }
        var waits: [Double] = []
        for (index, player) in players.enumerated() {
            while !context.stop.value {
                guard let line = player.readLine() else {
                    if player.closedByServer { break }
                    continue
                }
                if line.contains(#""type":"paired""#) {
                    waits.append(Double(monotonicNanoseconds() - sentAt[index]) / 1_000)
                    break
                }
            }
        }
        context.tally.add("paired", waits.count)
        if !waits.isEmpty {
            let timings = Timings(waits)
            context.tally.add("pairing p50 ms", Int(timings.percentile(50) / 1_000))
            context.tally.add("pairing p99 ms", Int(timings.percentile(99) / 1_000))
            context.tally.add("pairing max ms", Int(timings.percentile(100) / 1_000))
        }
        // Seated until the attack's time is up, so the innocent's figures are the pairing's: 10,000
        // leaving at once (each a forfeit, a result journalled) is another load, measured apart.
        while !context.stop.value { usleep(50_000) }
        for player in players {
            player.send(#"{"type":"leave"}"#)
            player.close()
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
