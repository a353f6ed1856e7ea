import GameRules

extension PlayingCard {
    /// The card with a short name such as "7♥", "A♠" or "10♣".
    package init(_ name: String) {
        let symbol = String(name.last!)
        let rankText = name.dropLast()
        let rank = ["A": 1, "J": 11, "Q": 12, "K": 13][String(rankText)] ?? Int(rankText)!
        self.init(rank: rank, suit: Suit.allCases.first { $0.symbol == symbol }!)
    }
}

extension [PlayingCard] {
    /// The cards named in a space-separated list, in order: "A♠ 2♠ 3♠".
    package static func cards(_ names: String) -> Self {
        names.split(separator: " ").map { PlayingCard(String($0)) }
    }

    /// A foundation from its ace up to the named card: "3♥" gives A♥ 2♥ 3♥.
    package static func foundation(through name: String) -> Self {
        let top = PlayingCard(name)
        return (1...top.rank).map { PlayingCard(rank: $0, suit: top.suit) }
    }
}

extension TableauPile {
    /// A pile from card names, bottom to top.
    package static func pile(_ up: String, down: String = "") -> TableauPile {
        TableauPile(down: .cards(down), up: .cards(up))
    }

    /// A pile with no cards.
    package static let empty = TableauPile(down: [], up: [])
}

extension KlondikeGame {
    /// A position with the given piles; foundations and tableau piles left out are empty.
    /// - Parameters:
    ///   - stock: bottom to top: the last card is turned next.
    ///   - waste: bottom to top: the last card plays.
    ///   - foundations: left to right, each bottom to top.
    ///   - tableau: left to right.
    ///   - passes: how many times the waste may be turned over; nil for no limit.
    ///   - scoring: how the game is scored.
    package static func position(
        draw: Int = 1,
        stock: String = "",
        waste: String = "",
        foundations: [[PlayingCard]] = [],
        tableau: [TableauPile] = [],
        passes: Int? = nil,
        scoring: KlondikeScoring = .none
    ) -> KlondikeGame {
        KlondikeGame(
            drawCount: draw,
            stock: .cards(stock),
            waste: .cards(waste),
            foundations: foundations + Array(repeating: [], count: KlondikePile.foundationCount - foundations.count),
            tableau: tableau + Array(repeating: .empty, count: KlondikePile.tableauCount - tableau.count),
            passes: passes,
            scoring: scoring
        )
    }

    /// The cards where they lie, without the move count, to compare positions reached differently.
    package var piles: Position {
        var piles = position
        piles.moveCount = 0
        piles.redeals = 0
        piles.score = 0
        return piles
    }
}
