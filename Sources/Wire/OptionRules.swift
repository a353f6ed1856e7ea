/// The rules that tie a game's options to its seats and to each other, as the `games`
/// catalog declares them (``GameOption/seats``, ``GameOption/excludes``,
/// ``GameOption/requiredForSeats``): what `create` refuses, said once, so a client's form can
/// offer only what the server takes. A test holds the server's engines to the same rules.
extension GameOption {
    /// Whether an option's value counts as given: present, not null and not `false` (`"daily":false`
    /// is the same as no `daily`).
    public static func isGiven(_ value: JSONValue?) -> Bool {
        guard let value, !value.isNull else { return false }
        return value.boolValue != false
    }

    /// Why `options` cannot go with each other or with `seats` rooms, in words; nil when they can.
    /// Each option's own values are checked elsewhere (``problem(with:)``).
    public static func conflict(_ options: JSONObject, seats: Int, declared: [GameOption]) -> String? {
        for option in declared {
            let given = isGiven(options[option.name])
            if given, let range = option.seats, !range.contains(seats) {
                return "option '\(option.name)' is for \(Self.seatWords(range)) only, not \(seats)"
            }
            if given, let other = option.excludes.first(where: { isGiven(options[$0]) }) {
                return "give option '\(option.name)' or '\(other)', not both"
            }
            if !given, let range = option.requiredForSeats, range.contains(seats) {
                return "a room of \(Self.seatWords(range)) needs option '\(option.name)'"
            }
        }
        return nil
    }

    /// Makes `options` and `seats` go together after one of them changed, the way a form
    /// follows its player: the field just changed keeps its value, the others give way.
    /// - Parameter changed: the option just set, or nil when the seats changed.
    public static func reconcile(
        _ options: inout JSONObject, seats: inout Int, seatRange: ClosedRange<Int>, declared: [GameOption], changed: String?
    ) {
        if let changed, let option = declared.first(where: { $0.name == changed }) {
            if isGiven(options[changed]) {
                // The option given: the seats it needs, and none of the options it excludes.
                if let range = option.seats { seats = max(range.lowerBound, min(range.upperBound, seats)) }
                for other in option.excludes { options[other] = nil }
            } else if let range = option.requiredForSeats, range.contains(seats) {
                // Taken away where it is needed: the nearest seats that do without it.
                let outside = seatRange.filter { !range.contains($0) }
                if let nearest = outside.min(by: { abs($0 - seats) < abs($1 - seats) }) { seats = nearest }
            }
        }
        // Whatever changed, the seats now rule: options that cannot be given with them go,
        // options they need come (with their first value), excluded pairs lose their second.
        for option in declared {
            if isGiven(options[option.name]), let range = option.seats, !range.contains(seats), option.name != changed {
                options[option.name] = nil
            }
            if !isGiven(options[option.name]), let range = option.requiredForSeats, range.contains(seats) {
                options[option.name] = option.firstValue
            }
        }
        for option in declared where isGiven(options[option.name]) {
            for other in option.excludes where other != changed { options[other] = nil }
        }
    }

    /// The first value the option allows: what a form sets when the seats need the option.
    var firstValue: JSONValue {
        switch values {
        case .integers(let range): .int(range.lowerBound)
        case .integerChoices(let choices): choices.first.map { .int($0) } ?? .null
        case .strings(let choices): choices.first.map { .string($0) } ?? .null
        case .boolean: .bool(true)
        }
    }

    private static func seatWords(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound) seat\(range.lowerBound == 1 ? "" : "s")" : "\(range.lowerBound) to \(range.upperBound) seats"
    }
}
