/// One card of a game of Concentration, as anyone may see it.
///
/// The face is kept inside GameRules: from outside, it shows only through
/// ``visibleFace``, while the card is face up or matched.
public struct ConcentrationCard: Sendable, Equatable {
    /// The card's emoji, secret while the card is face down.
    let face: String
    /// Whether the card is showing its face: flipped this turn, mismatched and
    /// not yet turned back, or matched.
    public internal(set) var isFaceUp = false
    /// Whether the card has been paired with its twin; it stays up for the rest of the game.
    public internal(set) var isMatched = false
    /// Whether the card has been face up and turned back down, so players had their chance to remember it.
    var wasSeen = false

    init(face: String) {
        self.face = face
    }

    /// The card's emoji while it is face up or matched; nil while it is face down.
    public var visibleFace: String? {
        isFaceUp || isMatched ? face : nil
    }
}

extension ConcentrationCard: CustomReflectable {
    // The default mirror would spell out a face-down card's face in `print`,
    // `dump` and string interpolation, e.g. in a server log.
    /// The card as players see it, without a face-down face.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["visibleFace": visibleFace as Any, "isFaceUp": isFaceUp, "isMatched": isMatched],
            displayStyle: .struct)
    }
}
