import Foundation
import Glibc

/// `cardbench attack`: runs each attack of issue 11 against a live server while an
/// innocent client pings it and plays, and prints what the attack cost the innocent
/// client (ping p50/p99/max, whether it was cut off) and what the attacker got.
///
/// Attack N connects from loopback addresses of its own (`127.1.N.1`, and `127.1.N.2`, …
/// when it plays several addresses),
/// the innocent client from another (`--innocent-from`, default `127.0.0.2`), so the
/// server's per-address caps meet the attackers only, as they would on a network, and
/// one attack's caps do not blunt the next. Start the server with its default options:
/// those are what is measured. The innocent client pings every 10 ms from a process of its
/// own (``PingerProcess``), over three connections so that each stays under the default
/// command rate of 50 a second, as a well-behaved client does; another of its connections
/// plays Klondike meanwhile.
struct AttackBench {
    let options: AttackOptions

    init(_ options: AttackOptions) {
        self.options = options
    }

    /// Every attack, in the order they run.
    static let attacks: [(name: String, run: @Sendable (AttackContext) -> Void)] = [
        ("flood", Attacks.flood),
        ("rooms", Attacks.rooms),
        ("names", Attacks.names),
        ("churn", Attacks.churn),
        ("slow-reader", Attacks.slowReader),
        ("guess", Attacks.guess),
        ("klondike-history", Attacks.klondikeHistory),
        ("leaderboard", Attacks.leaderboardFlood),
        ("spectators", Attacks.spectators),
        ("burst-race", Attacks.burstRace),
        ("disk-fill", Attacks.diskFill),
        ("second-start", Attacks.secondStart),
        ("slow-headers", Attacks.slowHeaders),
        ("websocket", Attacks.webSocket),
        ("http-flood", Attacks.httpFlood),
        ("session-churn", Attacks.sessionChurn),
        ("login-flood", Attacks.loginFlood),
        ("pool-wave", Attacks.poolWave),
        ("live-disk-fill", Attacks.liveDiskFill),
        ("room-churn", Attacks.roomChurn),
    ]

    func run() throws(BenchError) {
        let chosen = Self.attacks.filter { (options.only == nil || options.only == $0.name) && options.skip != $0.name }
        if options.format == .table {
            print("attack: \(options.host):\(options.port), \(options.seconds) s an attack, attack N from 127.1.N.x, innocent client from \(options.innocentSource)")
            print(AttackReport.header)
            print("|---|---|---|---|---|---|---|---|---|---|")
        }
        var outcomes: [AttackOutcome] = []
        for attack in chosen {
            let number = Self.attacks.firstIndex { $0.name == attack.name }! + 1
            let outcome = try measure(attack.name, from: "127.1.\(number)", attack.run)
            outcomes.append(outcome)
            print(options.format == .table ? AttackReport.row(outcome) : AttackReport.json(outcome))
            fflush(nil)
        }
        if options.format == .table {
            let met = outcomes.filter(\.metTarget).count
            print("\(met) of \(outcomes.count) attacks: innocent p99 under \(Int(AttackOutcome.p99TargetMilliseconds)) ms and never cut off")
            for outcome in outcomes where outcome.attack == "spectators" {
                print(AttackReport.memoryLine(outcome))
            }
        }
    }

    /// Sets up the innocent client, runs one attack for the given seconds, and tallies.
    private func measure(_ name: String, from network: String, _ attack: @escaping @Sendable (AttackContext) -> Void) throws(BenchError) -> AttackOutcome {
        let host = options.host
        let port = options.port
        let innocent = options.innocentSource
        guard let ann = try LineConnection.player("ann", host: host, port: port, source: innocent)
        else { throw BenchError("the innocent client could not log in from \(innocent)") }
        ann.send(#"{"type":"create","game":"klondike"}"#)
        guard let joined = ann.readLine(), joined.contains(#""joined""#),
              let code = joined.range(of: #""room":""#).map({ String(joined[$0.upperBound...].prefix { $0 != "\"" }) })
        else { throw BenchError("the innocent client could not create its room") }
        _ = ann.readLine()

        let context = AttackContext(
            host: host, port: port, network: network, innocentRoom: code, serverPID: options.serverPID, poolPlayers: options.poolPlayers)
        let seconds = max(options.seconds, Attacks.minimumSeconds[name] ?? 0)
        // The pinger is a process of its own: the attack's threads never delay its pings.
        let pinger = try PingerProcess.start(host: host, port: port, source: innocent, seconds: seconds)
        let innocentCut = Locked(false)
        let draws = Locked(0)
        let threads = [
            spawn { [context] in
                while !context.stop.value {
                    // Until the draw's answer: `ok`, or an error (a seat past its disk reserve
                    // in live-disk-fill), which is no draw but no reason to stop.
                    var answer: String?
                    if ann.send(#"{"type":"draw"}"#) {
                        repeat { answer = ann.readLine() } while answer.map { !$0.hasPrefix(#"{"type":"ok""#) && !$0.hasPrefix(#"{"type":"error""#) } ?? false
                    }
                    guard let answer else {
                        if ann.closedByServer { innocentCut.value = true }
                        return
                    }
                    if answer.hasPrefix(#"{"type":"ok""#) { draws.update { $0 += 1 } }
                    usleep(20_000)
                }
            },
            spawn { attack(context) },
        ]
        usleep(UInt32(seconds) * 1_000_000)
        context.stop.value = true
        for thread in threads { thread.wait() }
        let pinged = PingerProcess.finish(pinger)
        if pinged.refused { throw BenchError("the innocent pinger could not log in from \(innocent)") }
        if pinged.cut { innocentCut.value = true }
        ann.send(#"{"type":"leave"}"#)
        return AttackOutcome(
            attack: name, pingMicroseconds: pinged.pings, innocentDisconnected: innocentCut.value,
            innocentMoves: draws.value, attackerGot: context.tally.counts.value, attackersCut: context.tally.cut.value,
            serverMemory: context.memory.value)
    }

    /// Runs `body` on a thread of its own; the semaphore is signalled when it returns.
    private func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done
    }
}

/// What an attack works with: where to connect from and to, the innocent's room, when to
/// stop, and where to count what it got.
struct AttackContext: Sendable {
    let host: String
    let port: UInt16
    /// "127.1.N": the attack's addresses are this network's .1, .2, …
    let network: String
    let innocentRoom: String
    /// The server's process, for the attacks that read its memory (`--server-pid`).
    let serverPID: Int32?
    /// How many players `pool-wave` brings (`--pool-players`).
    var poolPlayers = AttackOptions.defaultPoolPlayers

    /// The attack's main address.
    var source: String { address(1) }

    /// The attack's `number`th address (1...254).
    func address(_ number: Int) -> String { "\(network).\(number)" }
    let stop = Locked(false)
    let tally = AttackTally()
    /// The server's memory around the attack, for the attacks that read it.
    let memory = Locked<AttackMemory?>(nil)

    /// A logged-in attacker connection, or nil (counted) when the server refused it.
    func player(_ name: String, from number: Int = 1, receiveBuffer: Int32? = nil) -> LineConnection? {
        do {
            guard let connection = try LineConnection.player(name, host: host, port: port, source: address(number), receiveBuffer: receiveBuffer) else {
                tally.add("refused at login")
                return nil
            }
            return connection
        } catch {
            tally.add("connect failed")
            return nil
        }
    }
}

/// Counts of what attackers got, shared by their threads.
final class AttackTally: Sendable {
    let counts = Locked<[String: Int]>([:])
    let cut = Locked(0)

    func add(_ kind: String, _ count: Int = 1) {
        counts.update { $0[kind, default: 0] += count }
    }

    /// Counts a reply line by its error code or type.
    func add(line: String) {
        add(LineConnection.kind(of: line))
    }

    /// Counts a connection the server closed.
    func noteClosed(_ connection: LineConnection) {
        if connection.closedByServer { cut.update { $0 += 1 } }
    }
}

/// A value shared between threads under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}

// A connection is made on one thread and handed to the one thread that uses it; never
// used by two at once.
extension LineConnection: @unchecked Sendable {}
