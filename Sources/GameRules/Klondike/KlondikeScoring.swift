/// How a Klondike game is scored: not at all, the standard table, or Vegas.
///
/// | step | standard | vegas |
/// |---|---|---|
/// | start | 0 | −52 |
/// | waste → tableau | +5 | 0 |
/// | waste → foundation | +10 | +5 |
/// | tableau → foundation | +10 | +5 |
/// | foundation → tableau | −15 | −5 |
/// | a tableau card turned face up | +5 | 0 |
/// | the waste turned back over | −100 drawing 1, −20 drawing 3 | 0 |
///
/// A standard score never goes below 0; a Vegas score may (it is money: −52 is the stake).
public enum KlondikeScoring: String, CaseIterable, Sendable {
    case none, standard, vegas

    /// The score before the first move.
    public var start: Int {
        self == .vegas ? -52 : 0
    }

    /// What a step is worth, before the standard score's floor at 0.
    func points(for step: KlondikeGame.Step, drawCount: Int) -> Int {
        switch (self, step) {
        case (.none, _), (_, .draw): return 0
        case (.standard, .redeal): return drawCount == 1 ? -100 : -20
        case (.vegas, .redeal): return 0
        case (.standard, .move(let from, let to, _, let turnedUp)):
            let turn = turnedUp ? 5 : 0
            switch (from, to) {
            case (.waste, .tableau): return 5 + turn
            case (.waste, .foundation), (.tableau, .foundation): return 10 + turn
            case (.foundation, .tableau): return -15 + turn
            default: return turn
            }
        case (.vegas, .move(let from, let to, _, _)):
            switch (from, to) {
            case (_, .foundation): return 5
            case (.foundation, _): return -5
            default: return 0
            }
        }
    }
}
