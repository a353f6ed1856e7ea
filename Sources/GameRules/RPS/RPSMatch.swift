/// A best-of-N rock-paper-scissors match between two seats (0 and 1).
///
/// Throws stay inside the value until both seats have thrown; then the round is
/// decided. A draw is replayed under the same round number and does not count.
/// Time is not this type's business: the caller says when a round's time is up
/// with ``timeOut()``.
public struct RPSMatch: Sendable, Equatable {
    /// Rounds in the match ("best of"); the first seat to win more than half wins.
    public let bestOf: Int
    /// Rounds won by each seat.
    public private(set) var wins: [Int] = [0, 0]
    /// The number of the round being played (a draw does not advance it).
    public private(set) var round: Int = 1
    /// This round's throws so far, by seat. Secret until the round is decided.
    public private(set) var pendingThrows: [Sign?] = [nil, nil]
    /// The seat that won the match, once it is over.
    public private(set) var winner: Int?

    /// Rounds a seat must win to take the match.
    public var winsNeeded: Int { bestOf / 2 + 1 }

    /// Whether the match has a winner.
    public var isOver: Bool { winner != nil }

    /// Creates a match.
    /// - Parameter bestOf: rounds in the match, at least 1.
    public init(bestOf: Int) {
        precondition(bestOf >= 1, "a match has at least one round")
        self.bestOf = bestOf
    }

    /// Seats that still have to throw this round (empty once the match is over).
    public var waitingOn: [Int] {
        isOver ? [] : (0..<2).filter { pendingThrows[$0] == nil }
    }

    /// Records a seat's throw; decides the round when both seats have thrown.
    /// - Returns: the decided round, or nil while the other seat has not thrown.
    /// - Throws: ``RPSError`` when the match is over, the seat is not 0 or 1, or it already threw.
    public mutating func play(_ sign: Sign, seat: Int) throws(RPSError) -> RPSRound? {
        guard !isOver else { throw .matchOver }
        guard (0..<2).contains(seat) else { throw .noSuchSeat(seat) }
        guard pendingThrows[seat] == nil else { throw .alreadyThrown }
        pendingThrows[seat] = sign
        guard let first = pendingThrows[0], let second = pendingThrows[1] else { return nil }
        let roundWinner: Int? = switch first.outcome(against: second) {
        case .win: 0
        case .lose: 1
        case .draw: nil
        }
        return finishRound(winner: roundWinner, timedOut: [])
    }

    /// Ends the round because its time is up: a seat that threw beats a seat
    /// that did not; when neither threw, the round is void and replayed.
    /// - Returns: the decided round, or nil when the match is already over.
    public mutating func timeOut() -> RPSRound? {
        guard !isOver else { return nil }
        let missing = waitingOn
        let roundWinner: Int? = missing.count == 1 ? 1 - missing[0] : nil
        return finishRound(winner: roundWinner, timedOut: missing)
    }

    /// Ends the match because a seat left: the other seat wins.
    public mutating func forfeit(seat: Int) {
        guard !isOver, (0..<2).contains(seat) else { return }
        winner = 1 - seat
        pendingThrows = [nil, nil]
    }

    private mutating func finishRound(winner roundWinner: Int?, timedOut: [Int]) -> RPSRound {
        let decided = RPSRound(number: round, signs: pendingThrows, winner: roundWinner, timedOut: timedOut)
        pendingThrows = [nil, nil]
        if let roundWinner {
            wins[roundWinner] += 1
            if wins[roundWinner] >= winsNeeded {
                winner = roundWinner
            } else {
                round += 1
            }
        }
        return decided
    }
}

/// A decided round: what each seat threw and who won it.
public struct RPSRound: Sendable, Equatable {
    /// The round's number; a replayed draw repeats it.
    public let number: Int
    /// Each seat's throw; nil for a seat that ran out of time.
    public let signs: [Sign?]
    /// The seat that won the round; nil for a draw or a void round.
    public let winner: Int?
    /// Seats that had not thrown when time ran out.
    public let timedOut: [Int]

    /// Creates a decided round.
    public init(number: Int, signs: [Sign?], winner: Int?, timedOut: [Int]) {
        self.number = number
        self.signs = signs
        self.winner = winner
        self.timedOut = timedOut
    }
}

/// Why a throw was refused.
public enum RPSError: Error, Equatable, Sendable {
    case matchOver
    case alreadyThrown
    case noSuchSeat(Int)

    /// The reason in words a player understands.
    public var reason: String {
        switch self {
        case .matchOver: "the match is over"
        case .alreadyThrown: "you have already thrown this round; wait for your opponent"
        case .noSuchSeat(let seat): "seat \(seat) does not play in this match"
        }
    }
}
