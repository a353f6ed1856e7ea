/// One option a game's `create` takes (`"options":{"rounds":5}`): its name, the values it
/// allows and its default. A game declares its options as these values; the server checks
/// `create` against them, and a client can build its form and check its command line
/// from the same declarations.
public struct GameOption: Equatable, Sendable {
    /// The values an option allows.
    public enum Values: Equatable, Sendable {
        /// Any integer in the range.
        case integers(ClosedRange<Int>)
        /// One of these integers.
        case integerChoices([Int])
        /// One of these strings.
        case strings([String])
        /// `true` or `false`.
        case boolean
    }

    /// The key in `options`.
    public let name: String
    /// What it may be.
    public let values: Values
    /// The value when it is left out; nil when the game chooses (a secret seed, a theme at random, no robot).
    public let defaultValue: JSONValue?
    /// The seat counts a room may have when the option is given (``isGiven(_:)``); nil for any
    /// the game allows. `daily` and `seed`: one seat.
    public let seats: ClosedRange<Int>?
    /// The options that cannot be given with this one (`seed` and `daily`).
    public let excludes: [String]
    /// The seat counts at which the option must be given (rps's `bot`: one seat is a match
    /// against the robot); nil for none.
    public let requiredForSeats: ClosedRange<Int>?

    /// Declares an option, with the rules that tie it to the seats and to other options.
    public init(
        _ name: String, _ values: Values, default defaultValue: JSONValue? = nil,
        seats: ClosedRange<Int>? = nil, excludes: [String] = [], requiredForSeats: ClosedRange<Int>? = nil
    ) {
        self.name = name
        self.values = values
        self.defaultValue = defaultValue
        self.seats = seats
        self.excludes = excludes
        self.requiredForSeats = requiredForSeats
    }

    /// Why `value` is not allowed, as a sentence that names the option; nil when it is allowed.
    public func problem(with value: JSONValue) -> String? {
        let isAllowed = switch (values, value) {
        case (.integers(let range), .int(let given)): range.contains(given)
        case (.integerChoices(let choices), .int(let given)): choices.contains(given)
        case (.strings(let choices), .string(let given)): choices.contains(given)
        case (.boolean, .bool): true
        default: false
        }
        return isAllowed ? nil : "option '\(name)' must be \(allowed), not \(value.jsonText)"
    }

    /// The allowed values in words: "an integer from 1 to 99", "1 or 3", "\"random\" or \"adaptive\"".
    public var allowed: String {
        switch values {
        case .integers(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .integerChoices(let choices): Self.either(choices.map(String.init))
        case .strings(let choices): Self.either(choices.map { "\"\($0)\"" })
        case .boolean: "true or false"
        }
    }

    private static func either(_ words: [String]) -> String {
        words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "") : words.joined()
    }
}
