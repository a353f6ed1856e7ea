import Wire

/// A room's options in a few words, for the lobby's list: "ultra", "draw 3 · vegas".
enum OptionWords {
    /// The options in the order the server lists them (the game's), joined by " · ": a word by
    /// its value ("ultra", "vegas", "halloween"), a number after its name ("draw 3", "rounds 5"),
    /// a flag by its name when on ("time bonus"), with "off" after it when off ("winnable off").
    static func of(_ options: JSONObject) -> String {
        words(options).joined(separator: " · ")
    }

    /// Each option's words, in the server's order (see ``of(_:)``).
    static func words(_ options: JSONObject) -> [String] {
        options.pairs.map { name, value in
            let name = String(name.map { $0 == "_" ? " " : $0 })
            switch value {
            case .string(let word): return word
            case .bool(let on): return on ? name : name + " off"
            default: return name + " " + value.jsonText
            }
        }
    }

    /// The game's title with the room's options, as many whole as fit in `width` cells: "Set ·
    /// ultra", "Klondike · draw 3"; the options that do not fit become " …" (never a word cut).
    /// A title too long to go whole with the first option gives way to the game's name when
    /// that is shorter ("rps · rounds 5").
    static func titled(_ room: RoomSummary, fitting width: Int = .max) -> String {
        let title = GameViews.title(of: room.game)
        let words = words(room.options)
        let fits = DisplayWidth.of(words.first.map { title + " · " + $0 } ?? title) <= width
        var text = fits || DisplayWidth.of(room.game) >= DisplayWidth.of(title) ? title : room.game
        for (index, word) in words.enumerated() {
            let longer = text + " · " + word
            // The last word needs no room for the " …" that says more follow.
            let room = index == words.count - 1 ? width : width - 2
            guard DisplayWidth.of(longer) <= room else { return text + " …" }
            text = longer
        }
        return text
    }
}
