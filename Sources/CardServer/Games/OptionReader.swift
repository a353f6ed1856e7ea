import Wire

/// Reads a game's `create` options against the options the game declares
/// (``GameEngine/options``), failing with a `bad_request` that names the option.
struct OptionReader {
    let game: String
    let declared: [GameOption]
    let options: JSONObject

    init(game: String, declared: [GameOption], options: JSONObject) {
        self.game = game
        self.declared = declared
        self.options = options
    }

    /// The given value of a declared option, checked; nil when left out.
    private func value(_ name: String) throws(CommandError) -> JSONValue? {
        guard let option = declared.first(where: { $0.name == name }) else {
            preconditionFailure("\(game) reads an option it does not declare: \(name)")
        }
        guard let value = options[name], !value.isNull else { return nil }
        if let problem = option.problem(with: value) { throw .badRequest(problem) }
        return value
    }

    /// An integer option, or its declared default when left out.
    func int(_ name: String) throws(CommandError) -> Int {
        if let given = try optionalInt(name) { return given }
        guard let value = declared.first(where: { $0.name == name })?.defaultValue?.intValue else {
            preconditionFailure("\(game) declares no integer default for \(name)")
        }
        return value
    }

    /// An integer option, or nil when left out.
    func optionalInt(_ name: String) throws(CommandError) -> Int? {
        try value(name)?.intValue
    }

    /// A true-or-false option, or its declared default (false when none) when left out.
    func bool(_ name: String) throws(CommandError) -> Bool {
        try value(name)?.boolValue ?? declared.first { $0.name == name }?.defaultValue?.boolValue ?? false
    }

    /// A true-or-false option, or nil when left out (the game then chooses).
    func optionalBool(_ name: String) throws(CommandError) -> Bool? {
        try value(name)?.boolValue
    }

    /// A string option, or nil when left out.
    func string(_ name: String) throws(CommandError) -> String? {
        try value(name)?.stringValue
    }

    /// Fails on any option this game does not declare.
    func rejectUnknown() throws(CommandError) {
        if let unknown = options.keys.first(where: { key in !declared.contains { $0.name == key } }) {
            throw .badRequest("\(game) has no option '\(unknown)'; its options are \(declared.map(\.name).joined(separator: ", "))")
        }
    }
}
