import Wire

/// Reads a game's `create` options, failing with a `bad_request` that names the option.
struct OptionReader {
    let game: String
    let options: JSONObject
    private var known: [String] = []

    init(game: String, options: JSONObject) {
        self.game = game
        self.options = options
    }

    /// An integer option within `range`, or `default` when left out.
    mutating func int(_ key: String, default value: Int, range: ClosedRange<Int>) throws(CommandError) -> Int {
        try optionalInt(key, range: range) ?? value
    }

    /// An integer option within `range`, or nil when left out.
    mutating func optionalInt(_ key: String, range: ClosedRange<Int>) throws(CommandError) -> Int? {
        known.append(key)
        switch options[key] {
        case nil, .null?:
            return nil
        case .int(let given)? where range.contains(given):
            return given
        case let other?:
            throw .badRequest("option '\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound), not \(other.jsonText)")
        }
    }

    /// An integer option that must be one of `choices`, or `default` when left out.
    mutating func int(_ key: String, default value: Int, among choices: [Int]) throws(CommandError) -> Int {
        known.append(key)
        switch options[key] {
        case nil, .null?:
            return value
        case .int(let given)? where choices.contains(given):
            return given
        case let other?:
            let listed = choices.map(String.init)
            throw .badRequest("option '\(key)' must be \(listed.dropLast().joined(separator: ", ")) or \(listed.last ?? ""), not \(other.jsonText)")
        }
    }

    /// A string option that must be one of `choices`, or nil when left out.
    mutating func choice(_ key: String, among choices: [String]) throws(CommandError) -> String? {
        known.append(key)
        switch options[key] {
        case nil, .null?:
            return nil
        case .string(let given)? where choices.contains(given):
            return given
        case let other?:
            let quoted = choices.map { "\"\($0)\"" }
            throw .badRequest("option '\(key)' must be \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last ?? ""), not \(other.jsonText)")
        }
    }

    /// Fails on any option this game does not have.
    func rejectUnknown() throws(CommandError) {
        if let unknown = options.keys.first(where: { !known.contains($0) }) {
            throw .badRequest("\(game) has no option '\(unknown)'; its options are \(known.joined(separator: ", "))")
        }
    }
}
