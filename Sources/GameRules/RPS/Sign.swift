/// A rock-paper-scissors hand sign.
public enum Sign: String, CaseIterable, Sendable, Hashable {
    case rock, paper, scissors

    /// The sign this one defeats: rock blunts scissors, paper covers rock, scissors cut paper.
    public var defeats: Sign {
        switch self {
        case .rock: .scissors
        case .paper: .rock
        case .scissors: .paper
        }
    }

    /// The sign that defeats this one.
    public var defeatedBy: Sign {
        switch self {
        case .rock: .paper
        case .paper: .scissors
        case .scissors: .rock
        }
    }

    /// How this sign fares against `other`.
    public func outcome(against other: Sign) -> Outcome {
        if self == other { return .draw }
        return defeats == other ? .win : .lose
    }
}

/// The result of one sign against another, from the first sign's side.
public enum Outcome: String, Sendable, Hashable {
    case win, lose, draw
}
