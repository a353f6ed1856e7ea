/// A game of Concentration: pairs of emoji cards face down, players taking
/// turns to flip two at a time in search of matching pairs.
///
/// Players are numbered `0..<players` and flip in turn. Two face-up cards that
/// match stay up and score ``matchPoints``, and the same player goes on. A
/// mismatch costs ``seenPenalty`` for each of the two cards that had been seen
/// before (face up in an earlier turn); both stay up until the next flip,
/// which first turns them face down, and the turn passes. The game is over
/// when every card is matched. Time is not this type's business: the caller
/// says when a turn's time is up with ``passTurn()``.
public struct ConcentrationGame: Sendable, Equatable {
    /// How many pairs a game may deal.
    public static let pairRange = 2...20
    /// Pairs a game deals unless told otherwise.
    public static let defaultPairs = 8
    /// Points for matching a pair.
    public static let matchPoints = 2
    /// Points lost, in a mismatch, for each of the two cards that had been seen before.
    public static let seenPenalty = 1

    /// The name of the theme the cards come from.
    public let themeName: String
    /// The cards in position order; a card's index names it for the whole game.
    public private(set) var cards: [ConcentrationCard]
    /// The player to flip.
    public private(set) var turn = 0
    /// Each player's score; it may go negative.
    public private(set) var scores: [Int]
    /// How many cards have been flipped in this game.
    public private(set) var flips = 0
    /// Whether a match also earns the time bonus (seed 004): up to ``maxTimeBonus`` points,
    /// one less for each whole second since the later of the player's previous match and the
    /// start of their turn.
    public let timeBonus: Bool
    /// The most a match's time bonus gives.
    public static let maxTimeBonus = 10
    /// When the bonus clock started, in the caller's milliseconds: the turn's start or the last match.
    public private(set) var bonusClockMs: Int
    private var removed: [Bool]
    /// The first card of the pair being turned, face up, waiting for its partner.
    private var lone: Int?
    /// The two cards of the last mismatch, face up until the next flip.
    private var mismatched: [Int] = []

    /// Picks `pairs` emoji from the theme and shuffles their two cards each,
    /// both with a ``SplitMix64`` seeded with `seed`.
    /// - Parameters:
    ///   - pairs: how many pairs, within ``pairRange``.
    ///   - theme: where the emoji come from; it must hold at least `pairs` of them.
    ///   - players: how many players take turns, at least 1.
    ///   - seed: fixes the emoji chosen and the layout.
    ///   - timeBonus: whether matches earn the time bonus.
    ///   - nowMs: the caller's clock when the first turn starts, in milliseconds (for the bonus).
    public init(pairs: Int, theme: ConcentrationTheme, players: Int, seed: UInt64, timeBonus: Bool = false, nowMs: Int = 0) {
        precondition(Self.pairRange.contains(pairs), "a game of Concentration deals 2 to 20 pairs")
        precondition(theme.emoji.count >= pairs, "the theme has too few emoji for that many pairs")
        var generator = SplitMix64(seed: seed)
        var emoji = theme.emoji
        emoji.seededShuffle(using: &generator)
        var faces = Array(emoji.prefix(pairs))
        faces += faces
        faces.seededShuffle(using: &generator)
        self.init(faces: faces, themeName: theme.name, players: players, timeBonus: timeBonus, nowMs: nowMs)
    }

    /// Lays the cards out exactly in the order given, for tests that need a known layout.
    init(faces: [String], themeName: String, players: Int, timeBonus: Bool = false, nowMs: Int = 0) {
        precondition(players >= 1, "a game of Concentration has at least one player")
        self.themeName = themeName
        self.timeBonus = timeBonus
        bonusClockMs = nowMs
        cards = faces.map(ConcentrationCard.init(face:))
        scores = Array(repeating: 0, count: players)
        removed = Array(repeating: false, count: players)
    }

    /// How many players the game started with, removed ones included.
    public var players: Int { scores.count }

    /// How many pairs the game dealt.
    public var pairs: Int { cards.count / 2 }

    /// Whether every card has been matched.
    public var isOver: Bool { cards.allSatisfy(\.isMatched) }

    /// Whether the player has left the game.
    public func isRemoved(_ player: Int) -> Bool {
        removed.indices.contains(player) && removed[player]
    }

    /// The bonus a match would earn at `nowMs`: 10 at first, one less per whole second, never below 0;
    /// always 0 without the time bonus.
    public func bonus(atMs nowMs: Int) -> Int {
        guard timeBonus else { return 0 }
        return max(0, Self.maxTimeBonus - max(0, nowMs - bonusClockMs) / 1000)
    }

    /// Turns a card face up for the player whose turn it is.
    ///
    /// The cards of the previous mismatch first turn face down; either of
    /// them may be the card flipped.
    /// - Parameters:
    ///   - index: the card's position in ``cards``.
    ///   - player: the flipping player.
    ///   - nowMs: the caller's clock in milliseconds, for the time bonus.
    /// - Returns: the card's face, whether it was a first card, a match or a
    ///   mismatch, and whether the game ended.
    /// - Throws: ``ConcentrationError`` when the game is over, it is not the
    ///   player's turn, there is no such card, or the card is matched or face up.
    public mutating func flip(_ index: Int, by player: Int, atMs nowMs: Int = 0) throws(ConcentrationError) -> ConcentrationFlip {
        guard !isOver else { throw .gameOver }
        guard player == turn, !isRemoved(player) else { throw .notYourTurn }
        guard cards.indices.contains(index) else { throw .noSuchCard(index) }
        guard !cards[index].isMatched else { throw .alreadyMatched }
        guard !cards[index].isFaceUp || mismatched.contains(index) else { throw .alreadyFaceUp }

        let turnedDown = mismatched
        turnDownMismatched()
        flips += 1
        cards[index].isFaceUp = true
        guard let first = lone else {
            lone = index
            return ConcentrationFlip(
                card: index, face: cards[index].face, outcome: .first, turnedDown: turnedDown, endedGame: false)
        }
        lone = nil
        let outcome: ConcentrationOutcome
        if cards[first].face == cards[index].face {
            cards[first].isMatched = true
            cards[index].isMatched = true
            let bonus = bonus(atMs: nowMs)
            scores[player] += Self.matchPoints + bonus
            outcome = .match(points: Self.matchPoints + bonus)
            bonusClockMs = nowMs
        } else {
            let penalty = [first, index].filter { cards[$0].wasSeen }.count * Self.seenPenalty
            scores[player] -= penalty
            mismatched = [first, index]
            advanceTurn()
            bonusClockMs = nowMs
            outcome = .mismatch(penalty: penalty)
        }
        return ConcentrationFlip(
            card: index, face: cards[index].face, outcome: outcome, turnedDown: turnedDown, endedGame: isOver)
    }

    /// Ends the turn because its time is up: a lone face-up card and the cards
    /// of the last mismatch turn face down, and the next player is to flip.
    public mutating func passTurn(atMs nowMs: Int = 0) {
        guard !isOver else { return }
        turnDownLone()
        turnDownMismatched()
        advanceTurn()
        bonusClockMs = nowMs
    }

    /// Takes a player who left out of the rotation; if it was their turn, the
    /// turn passes as with ``passTurn()``.
    /// - Parameter player: the leaving player; an unknown number is ignored.
    public mutating func remove(player: Int, atMs nowMs: Int = 0) {
        guard removed.indices.contains(player), !removed[player] else { return }
        removed[player] = true
        if player == turn {
            passTurn(atMs: nowMs)
        }
    }

    private mutating func turnDownLone() {
        guard let index = lone else { return }
        turnDown(index)
        lone = nil
    }

    private mutating func turnDownMismatched() {
        mismatched.forEach { turnDown($0) }
        mismatched = []
    }

    // A card counts as seen once it goes back face down: everyone has had the
    // chance to remember it, so missing it later costs points.
    private mutating func turnDown(_ index: Int) {
        cards[index].isFaceUp = false
        cards[index].wasSeen = true
    }

    /// Gives the turn to the next player still in the game, the same one when
    /// they play alone; unchanged when everyone has left.
    private mutating func advanceTurn() {
        for step in 1...players {
            let next = (turn + step) % players
            if !removed[next] {
                turn = next
                return
            }
        }
    }
}
