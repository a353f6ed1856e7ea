import GameRules
import Wire

/// A Set claim as the room saw it: who made it, the cards, whether they were a Set, and the
/// game's clock at that moment (nil from a server that sends no clock).
public struct SeenClaim: Equatable, Sendable {
    /// The claimer.
    public let player: String
    /// The cards claimed.
    public let cards: [SetCard]
    /// Whether they were a Set.
    public let valid: Bool
    /// The game's clock when the claim was told, in milliseconds.
    public let clockMs: Int?

    /// Makes a seen claim.
    public init(player: String, cards: [SetCard], valid: Bool, clockMs: Int?) {
        self.player = player
        self.cards = cards
        self.valid = valid
        self.clockMs = clockMs
    }
}

/// One player's game of Set, from the claims seen: Sets found, wrong claims, and the fastest
/// Set (the shortest time from the Set before it, or from the deal, to theirs).
public struct SetTally: Equatable, Sendable {
    /// The player.
    public let player: String
    /// Sets found.
    public var sets = 0
    /// Claims that were no Set.
    public var wrong = 0
    /// The fastest Set, in milliseconds; nil before the first or without a clock.
    public var fastestMs: Int?

    /// Makes an empty tally.
    public init(player: String, sets: Int = 0, wrong: Int = 0, fastestMs: Int? = nil) {
        self.player = player
        self.sets = sets
        self.wrong = wrong
        self.fastestMs = fastestMs
    }

    /// Each of `players`' tallies (in that order), then anyone else who claimed, in the order seen.
    public static func of(_ claims: [SeenClaim], players: [String]) -> [SetTally] {
        var tallies = players.map { SetTally(player: $0) }
        var lastSet = 0
        for claim in claims {
            let index = tallies.firstIndex { $0.player == claim.player } ?? {
                tallies.append(SetTally(player: claim.player))
                return tallies.count - 1
            }()
            guard claim.valid else {
                tallies[index].wrong += 1
                continue
            }
            tallies[index].sets += 1
            if let clock = claim.clockMs {
                let taken = max(0, clock - lastSet)
                tallies[index].fastestMs = min(tallies[index].fastestMs ?? taken, taken)
                lastSet = clock
            }
        }
        return tallies
    }

    /// "ann: 12 Sets · 1 wrong claim · fastest 4.2 s" (you for `me`).
    public func sentence(me: String?) -> String {
        var parts = ["\(sets) Set\(sets == 1 ? "" : "s")", "\(wrong) wrong claim\(wrong == 1 ? "" : "s")"]
        if let fastestMs { parts.append("fastest " + Self.quickness(milliseconds: fastestMs)) }
        return "\(player == me ? "you" : player): " + parts.joined(separator: " · ")
    }

    /// A Set's time: tenths of a second under ten seconds ("0.8 s", where a clock's "0:00"
    /// said nothing), then the clock ("0:18").
    public static func quickness(milliseconds: Int) -> String {
        milliseconds < 10_000 ? "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s" : Narration.clock(milliseconds: milliseconds)
    }
}

extension RoomModel {
    /// Set: the game's clock now, in milliseconds: the state's clock, running on while the game is played.
    public func setClock(now: Int) -> Int? {
        guard case .set(let set)? = state?.gameFields, let clock = set.clockMs else { return nil }
        return phase == .playing ? clock + max(0, now - stateReceivedAt) : clock
    }
}
