import Foundation
import Glibc

extension Attacks {
    /// Seating 168 players and finding 21 winnable deals takes seconds before the bursts begin.
    static let burstRaceSeconds = 20
    /// Klondike races, each from an address of its own.
    static let burstRaces = 21
    /// Seats of each race: 168 players in all.
    static let burstRaceSeats = 8
    /// Draws each racer sends in one write: the default command burst.
    static let burstDraws = 100
    /// Time between one racer's bursts: the default rate (50 a second) refills the burst in 2 s.
    static let burstPause: UInt32 = 2_500_000

    /// Issue 39's item 1: 21 eight-seat Klondike races, each racer sending its whole allowed
    /// burst of 100 draws in one write every 2.5 s, all at once, reading what comes back.
    /// Every other client used to freeze for the time the server took to handle all 16,800
    /// draws in one turn; with each connection's share of a turn bounded, the innocent's ping
    /// waits for one turn's shares at most.
    static func burstRace(_ context: AttackContext) {
        var races: [(code: String, racers: [LineConnection])] = []
        for room in 0..<burstRaces where !context.stop.value {
            if let race = seatRace(room, seats: burstRaceSeats, context) { races.append(race) }
        }
        for race in races where race.racers[0].readUntil(#""phase":"playing""#) == nil {
            context.tally.add("race not started")
        }
        let racers = races.flatMap(\.racers)
        context.tally.add("racers", racers.count)
        let burst = Array(String(repeating: #"{"type":"draw"}"# + "\n", count: burstDraws).utf8)
        var cut = Set<Int>()
        while !context.stop.value, cut.count < racers.count {
            for (index, racer) in racers.enumerated() where !cut.contains(index) {
                racer.send(burst)
            }
            context.tally.add("draws sent", burstDraws * (racers.count - cut.count))
            // Read what comes back until the next burst, as a player's client does.
            let nextBurst = DispatchTime.now().uptimeNanoseconds + UInt64(burstPause) * 1_000
            while !context.stop.value, DispatchTime.now().uptimeNanoseconds < nextBurst {
                for (index, racer) in racers.enumerated() where !cut.contains(index) {
                    if discardArrived(racer) == .closed { cut.insert(index) }
                }
                usleep(5_000)
            }
        }
        context.tally.add("racers cut off", cut.count)
        context.tally.cut.update { $0 += cut.count }
        for racer in racers {
            racer.send(#"{"type":"leave"}"#)
            racer.close()
        }
    }
}
