import Wire

/// A room's options in a few words, for the lobby's list: "ultra", "draw 3 · vegas".
enum OptionWords {
    /// The options in the order the server lists them (the game's), joined by " · ": a word by
    /// its value ("ultra", "vegas", "halloween"), a number after its name ("draw 3", "rounds 5"),
    /// a flag by its name when on ("time bonus"), with "off" after it when off ("winnable off").
    static func of(_ options: JSONObject) -> String {
        options.pairs.map { name, value in
            let name = String(name.map { $0 == "_" ? " " : $0 })
            switch value {
            case .string(let word): return word
            case .bool(let on): return on ? name : name + " off"
            default: return name + " " + value.jsonText
            }
        }.joined(separator: " · ")
    }

    /// The game's title with the room's options: "Set · ultra", "Klondike · draw 3"; the title alone without.
    static func titled(_ room: RoomSummary) -> String {
        let words = of(room.options)
        let title = GameViews.title(of: room.game)
        return words.isEmpty ? title : title + " · " + words
    }
}
