import SystemCall
import Wire

/// The new-game form's last choices, per game, in `new-game.json` in the client's state
/// directory: `{"last":"klondike","games":{"klondike":{"seats":1,"private":false,"options":{"draw":3}}}}`.
public struct FormMemory: Sendable {
    private let file: StateFile

    /// A memory in `directory` (the same state directory as ``SessionStore``).
    public init(directory: String) {
        file = StateFile(directory: directory, name: "new-game.json")
    }

    /// The game chosen last and each game's choices; nothing when there is no file.
    public func load() -> NewGameForm.Memory {
        let object = file.read()
        var choices: [String: NewGameForm.Choices] = [:]
        for (game, value) in object["games"]?.objectValue?.pairs ?? [] {
            guard let entry = value.objectValue else { continue }
            choices[game] = NewGameForm.Choices(
                seats: entry["seats"]?.intValue, isPrivate: entry["private"]?.boolValue ?? false,
                options: entry["options"]?.objectValue ?? JSONObject(), rated: entry["rated"]?.boolValue ?? true)
        }
        return NewGameForm.Memory(game: object["last"]?.stringValue, choices: choices)
    }

    /// Keeps the form's choices for next time.
    /// - Throws: ``SystemError`` when the file cannot be written.
    public func save(_ memory: NewGameForm.Memory) throws(SystemError) {
        var games = JSONObject()
        for (game, choice) in memory.choices.sorted(by: { $0.key < $1.key }) {
            var entry: JSONObject = ["private": .bool(choice.isPrivate), "options": .object(choice.options)]
            if let seats = choice.seats { entry["seats"] = .int(seats) }
            if !choice.rated { entry["rated"] = .bool(false) }
            games[game] = .object(entry)
        }
        var object = JSONObject()
        if let game = memory.game { object["last"] = .string(game) }
        object["games"] = .object(games)
        try file.write(object)
    }
}
