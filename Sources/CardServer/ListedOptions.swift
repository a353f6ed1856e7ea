import Wire

/// The options a room's line in `rooms` and the lobby stream shows (`"options":{"variant":"ultra"}`):
/// those its creator gave that differ from the game's defaults, in the order the game declares
/// them, so a Set room of UltraSet no longer looks like a classic one. Never `seed` or `daily`.
enum ListedOptions {
    /// Options no listing shows. A `seed` names the deal: a stranger who read it would know every
    /// card to come. `daily` says the room plays the day's deal, which its reader has yet to play
    /// for the day's board, where only the first try counts: watching it first is learning it.
    static let unlisted: Set<String> = ["seed", "daily"]

    /// The listed options of a room created with `given`, of a game that declares `declared`.
    static func of(_ given: JSONObject, declared: [GameOption]) -> JSONObject {
        guard !given.isEmpty else { return JSONObject() }
        var listed = JSONObject()
        for option in declared where !unlisted.contains(option.name) {
            // A value the game would refuse never made a room; a log written by hand could hold one.
            guard let value = given[option.name], !value.isNull, value != option.defaultValue, option.problem(with: value) == nil else { continue }
            listed[option.name] = value
        }
        return listed
    }

    /// The most bytes the options can add to a summary of a game that declares `declared`:
    /// `,"options":{…}` with every listed option at its longest value other than its default
    /// (a range's longest end even if it is the default, which keeps this a bound); 0 when the
    /// game has none to list.
    static func maxBytes(declared: [GameOption]) -> Int {
        let listed = declared.filter { !unlisted.contains($0.name) }
        guard !listed.isEmpty else { return 0 }
        let pairs = listed.map { option in
            "\"\(option.name)\":".utf8.count + longestValueBytes(option)
        }
        return #","options":{}"#.utf8.count + pairs.reduce(0, +) + (listed.count - 1)
    }

    private static func longestValueBytes(_ option: GameOption) -> Int {
        let values: [JSONValue] = switch option.values {
        case .integers(let range): [.int(range.lowerBound), .int(range.upperBound)]
        case .integerChoices(let choices): choices.map { .int($0) }.filter { $0 != option.defaultValue }
        case .strings(let choices): choices.map { .string($0) }.filter { $0 != option.defaultValue }
        case .boolean: [.bool(true), .bool(false)].filter { $0 != option.defaultValue }
        }
        return values.map(\.jsonText.utf8.count).max() ?? 0
    }
}
