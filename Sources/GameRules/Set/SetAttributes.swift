/// The shape drawn on a Set card.
public enum SetShape: String, CaseIterable, Sendable, Hashable {
    case triangle, circle, square
}

/// The colour of the shapes on a Set card.
public enum SetColor: String, CaseIterable, Sendable, Hashable {
    case red, green, purple
}

/// How the shapes on a Set card are filled.
public enum SetFill: String, CaseIterable, Sendable, Hashable {
    case solid, striped, open
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
