/// The shape drawn on a Set card.
public enum SetShape: String, CaseIterable, Sendable, Hashable {
    /// Shape digit 0.
    case triangle
    /// Shape digit 1.
    case circle
    /// Shape digit 2.
    case square
}

/// The colour of the shapes on a Set card.
public enum SetColor: String, CaseIterable, Sendable, Hashable {
    /// Colour digit 0.
    case red
    /// Colour digit 1.
    case green
    /// Colour digit 2.
    case purple
}

/// How the shapes on a Set card are filled.
public enum SetFill: String, CaseIterable, Sendable, Hashable {
    /// Fill digit 0.
    case solid
    /// Fill digit 1.
    case striped
    /// Fill digit 2.
    case open
}

/// An attribute whose three values are the digits 0, 1, 2 of a card's id, in case order.
protocol SetAttribute: CaseIterable, Equatable where AllCases == [Self] {}

extension SetAttribute {
    init(digit: Int) {
        self = Self.allCases[digit]
    }

    var digit: Int {
        Self.allCases.firstIndex(of: self)!
    }
}

extension SetShape: SetAttribute {}
extension SetColor: SetAttribute {}
extension SetFill: SetAttribute {}
