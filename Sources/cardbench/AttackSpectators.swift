import Foundation
import Glibc

extension Attacks {
    /// Attacks that need longer than `--seconds` to show what they measure, and how long
    /// they run at least (the innocent client pings all along).
    static let minimumSeconds = ["spectators": spectatorSeconds, "slow-headers": slowHeaderSeconds, "burst-race": burstRaceSeconds, "pool-wave": 15]

    /// Seating 1,080 connections and finding ten winnable deals takes seconds before the
    /// spectators' output piles up.
    static let spectatorSeconds = 15

    /// Klondike races the spectators watch.
    static let spectatorRooms = 10
    /// Seats of each race.
    static let spectatorRoomSeats = 8
    /// Spectators of each race.
    static let spectatorsPerRoom = 100
    /// Connections from one address: under the default cap of 64.
    static let spectatorsPerAddress = 50
    /// Draws each racer pipelines every `racerPause`: 50 a second, the default command rate.
    static let racerDraws = 5
    static let racerPause: UInt32 = 100_000
    /// How long after everyone left the server's memory is read again.
    static let spectatorSettleSeconds: UInt32 = 60

    /// Ten 8-seat Klondike races, each watched by 100 spectators that never read (1,000 in
    /// all, with small receive buffers), while the racers draw at the default command rate
    /// until the attack ends; then everyone leaves. With the server's process id, reads its
    /// memory: before, at the peak (the high-water mark is reset first), and a minute after
    /// they left (issue 26: a peak under 300 MiB, and under 64 MiB a minute after).
    static func spectators(_ context: AttackContext) {
        let before = context.serverPID.flatMap { ServerMemory.resetPeak(of: $0) }
        var races: [(code: String, racers: [LineConnection])] = []
        for room in 0..<spectatorRooms where !context.stop.value {
            if let race = seatRace(room, seats: spectatorRoomSeats, context) { races.append(race) }
        }
        guard !races.isEmpty else { return }
        // A race starts once its winnable deal is found off the loop.
        for race in races where race.racers[0].readUntil(#""phase":"playing""#) == nil {
            context.tally.add("race not started")
        }
        var watchers: [LineConnection] = []
        for number in 0..<(races.count * spectatorsPerRoom) where !context.stop.value {
            let address = spectatorRooms + 1 + number / spectatorsPerAddress
            guard let watcher = context.player("watcher\(number)", from: address, receiveBuffer: 4_096) else { continue }
            watcher.send(#"{"type":"watch","room":"\#(races[number % races.count].code)"}"#)
            watchers.append(watcher)
        }
        context.tally.add("spectators watching", watchers.count)

        let racers = races.flatMap(\.racers)
        let draws = Array(String(repeating: #"{"type":"draw"}"# + "\n", count: racerDraws).utf8)
        var drained = Set<Int>()
        while !context.stop.value, drained.count < racers.count {
            for (index, racer) in racers.enumerated() where !drained.contains(index) {
                racer.send(draws)
                context.tally.add("draws sent", racerDraws)
            }
            for (index, racer) in racers.enumerated() where !drained.contains(index) {
                if discardArrived(racer) == .closed { drained.insert(index) }
            }
            usleep(racerPause)
        }
        context.tally.add("racers cut off", drained.count)

        let cut = spectatorsCutOff(watchers)
        context.tally.add("spectators cut off", cut)
        context.tally.cut.update { $0 += cut + drained.count }
        for watcher in watchers { watcher.close() }
        for racer in racers {
            racer.send(#"{"type":"leave"}"#)
            racer.close()
        }
        guard let pid = context.serverPID, let before, let peak = ServerMemory.of(pid) else { return }
        sleep(spectatorSettleSeconds)
        guard let after = ServerMemory.of(pid) else { return }
        context.memory.value = AttackMemory(beforeKiB: before.residentKiB, peakKiB: max(peak.peakKiB, after.peakKiB), afterKiB: after.residentKiB)
    }

    /// Seats a race's players, all from address `room + 1`: the first creates it, the
    /// others join. Returns its code and players; nil when the room could not be made.
    static func seatRace(_ room: Int, seats: Int, _ context: AttackContext) -> (code: String, racers: [LineConnection])? {
        guard let creator = context.player("racer\(room)x0", from: room + 1) else { return nil }
        creator.send(#"{"type":"create","game":"klondike","seats":\#(seats)}"#)
        guard let joined = creator.readLine(), let range = joined.range(of: #""room":""#) else {
            context.tally.add("create failed")
            return nil
        }
        let code = String(joined[range.upperBound...].prefix { $0 != "\"" })
        var racers = [creator]
        for seat in 1..<seats {
            guard let racer = context.player("racer\(room)x\(seat)", from: room + 1) else { continue }
            racer.send(#"{"type":"join","room":"\#(code)"}"#)
            racers.append(racer)
        }
        return (code, racers)
    }

    /// What a read that does not wait found.
    enum Arrival: Equatable {
        case nothing
        case bytes
        case closed
    }

    /// Reads and drops what has arrived, without waiting.
    static func discardArrived(_ connection: LineConnection) -> Arrival {
        var arrival = Arrival.nothing
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                arrival = .bytes
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || errno == ECONNRESET { return .closed }
            return arrival
        }
    }

    /// How many spectators the server closed: each is read to its end, or until nothing
    /// arrives on any of them for a while (those are still connected).
    private static func spectatorsCutOff(_ watchers: [LineConnection]) -> Int {
        var open = Set(watchers.indices)
        var closed = 0
        var quietRounds = 0
        while !open.isEmpty, quietRounds < 10 {
            var progress = false
            for index in open {
                switch discardArrived(watchers[index]) {
                case .nothing: break
                case .bytes: progress = true
                case .closed:
                    open.remove(index)
                    closed += 1
                    progress = true
                }
            }
            quietRounds = progress ? 0 : quietRounds + 1
            usleep(20_000)
        }
        return closed
    }
}

/// The server's memory around an attack, in KiB.
struct AttackMemory: Equatable {
    /// Resident before the attack.
    let beforeKiB: Int
    /// The highest resident size from the attack's start to the last reading.
    let peakKiB: Int
    /// Resident `Attacks.spectatorSettleSeconds` after the attackers left.
    let afterKiB: Int

    /// Issue 26: 1,000 spectators that never read cost the server under 300 MiB at the peak...
    static let peakTargetMiB = 300
    /// ... and under 64 MiB a minute after they are gone.
    static let afterTargetMiB = 64

    var metTarget: Bool {
        peakKiB < Self.peakTargetMiB * 1024 && afterKiB < Self.afterTargetMiB * 1024
    }
}

extension ServerMemory {
    /// Resets the process's high-water mark of resident memory (`VmHWM`) to what it uses now,
    /// by writing 5 to `/proc/PID/clear_refs`, so that a later `peakKiB` is this attack's.
    /// - Returns: the memory now, or nil when it cannot be read.
    static func resetPeak(of pid: Int32) -> ServerMemory? {
        let fd = open("/proc/\(pid)/clear_refs", O_WRONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = write(fd, "5", 1)
            close(fd)
        }
        return of(pid)
    }
}
