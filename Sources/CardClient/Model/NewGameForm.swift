import Wire

/// The lobby's new-game form: a game the server offers, its seats, public or private, and
/// each of its options as the server's `games` catalog declares them (``GameInfo``), so a
/// game or an option newer than this client is offered too. ↑↓ choose a field, ←→ change it,
/// digits type a number, Enter creates. Each game's last choices are remembered.
public struct NewGameForm: Equatable, Sendable {
    /// One game's choices: what the form remembers per game.
    public struct Choices: Equatable, Sendable {
        /// Seats; nil for the game's default.
        public var seats: Int?
        /// Whether the room is kept out of the lobby.
        public var isPrivate = false
        /// Options given, by name; one left out takes the game's default.
        public var options = JSONObject()
        /// Whether an account's games in the room are to be rated (on unless turned off).
        public var rated = true

        /// Makes choices.
        public init(seats: Int? = nil, isPrivate: Bool = false, options: JSONObject = JSONObject(), rated: Bool = true) {
            self.seats = seats
            self.isPrivate = isPrivate
            self.options = options
            self.rated = rated
        }

        /// Keeps the seats and the options to what the catalog says `create` takes for `game`
        /// (``GameOption/reconcile``): the option just changed keeps its value, the others give
        /// way (daily on: one seat and no seed; the robot chosen: one seat; two seats: no robot).
        /// A value the rules set that is the option's default is left out, as the form leaves defaults.
        mutating func followRules(of game: GameInfo, changed: String?) {
            var chosenSeats = seats ?? game.defaultSeats
            var given = options
            GameOption.reconcile(&given, seats: &chosenSeats, seatRange: game.seats, declared: game.options, changed: changed)
            if chosenSeats != (seats ?? game.defaultSeats) { seats = chosenSeats }
            options = JSONObject(given.pairs.filter { pair in
                game.options.first { $0.name == pair.key }?.defaultValue != pair.value
            }.map { ($0.key, $0.value) })
        }
    }

    /// What the form remembers between runs: the game chosen last, and each game's choices.
    public struct Memory: Equatable, Sendable {
        public var game: String?
        public var choices: [String: Choices]

        /// Makes a memory.
        public init(game: String? = nil, choices: [String: Choices] = [:]) {
            self.game = game
            self.choices = choices
        }
    }

    /// A row of the form.
    public enum Field: Equatable, Sendable {
        case game, seats, privacy, rated
        case option(GameOption)
    }

    /// The games the form offers, as the server describes them, in its order.
    public let catalog: [GameInfo]
    /// Which of them is chosen.
    public private(set) var gameIndex: Int
    /// Each game's choices so far.
    public private(set) var choices: [String: Choices]
    /// The focused row.
    public private(set) var row = 0
    /// Whether the player is signed in to an account: only then is there a "rated" row (a
    /// guest always plays casual).
    public var signedIn = false

    /// Opens the form on the server's catalog.
    /// - Parameters:
    ///   - offered: the `games` reply: every game the server plays, this client's or not.
    ///   - remembered: the choices kept from earlier, and the game chosen last; a remembered
    ///     option the server no longer declares, or a value it no longer allows, is dropped.
    public init(offered: [GameInfo], remembered: Memory = Memory()) {
        catalog = offered
        gameIndex = remembered.game.flatMap { game in offered.firstIndex { $0.name == game } } ?? 0
        choices = remembered.choices
        for game in offered {
            guard var kept = choices[game.name] else { continue }
            kept.options = JSONObject(kept.options.pairs.filter { pair in
                game.options.first { $0.name == pair.key }.map { $0.problem(with: pair.value) == nil } ?? false
            }.map { ($0.key, $0.value) })
            if let seats = kept.seats, !game.seats.contains(seats) { kept.seats = nil }
            // Choices kept from before the catalog said which options go together follow it now.
            kept.followRules(of: game, changed: nil)
            choices[game.name] = kept
        }
    }

    /// Opens the form on a server that sent only `hello.games`: the games this client knows,
    /// as it was built to know them.
    public init(offered names: [String], remembered: Memory = Memory()) {
        self.init(offered: names.compactMap { GameCatalog.game(named: $0)?.info }, remembered: remembered)
    }

    /// The games' wire names, in the form's order.
    public var games: [String] { catalog.map(\.name) }

    /// What to remember of this form.
    public var memory: Memory { Memory(game: game, choices: choices) }

    /// The chosen game's wire name; nil when the server offers no game.
    public var game: String? { games.indices.contains(gameIndex) ? games[gameIndex] : nil }

    private var entry: GameInfo? { catalog.indices.contains(gameIndex) ? catalog[gameIndex] : nil }

    /// Whether this client can draw the chosen game (it has a view for it).
    public var isPlayable: Bool { game.flatMap(GameCatalog.game(named:)) != nil }

    /// The chosen game's choices.
    public var current: Choices {
        get { game.flatMap { choices[$0] } ?? Choices() }
        set { if let game { choices[game] = newValue } }
    }

    /// The rows, top to bottom: game, seats, room, rated (signed in), then each option.
    public var fields: [Field] {
        guard let entry, isPlayable else { return [.game] }
        let seats: [Field] = entry.seats.count > 1 ? [.seats] : []
        let rated: [Field] = signedIn && entry.seats.upperBound > 1 ? [.rated] : []
        return [.game] + seats + [.privacy] + rated + entry.options.map(Field.option)
    }

    /// Whether the room asks for rated games: an account's choice, in a room of two seats or
    /// more with no robot (the server rates nothing else).
    public var isRated: Bool {
        signedIn && current.rated && (current.seats ?? defaultSeats) > 1 && current.options["bot"] == nil
    }

    /// The `create` this form sends; nil for a game this client cannot play.
    public var request: CreateRequest? {
        guard let game, isPlayable else { return nil }
        return CreateRequest(game: game, seats: current.seats, isPrivate: current.isPrivate, options: current.options, rated: isRated)
    }

    /// Moves the focus by `delta` rows, staying on the form.
    public mutating func move(by delta: Int) {
        row = max(0, min(fields.count - 1, row + delta))
    }

    /// Changes the focused field by `delta` steps: the next game, one seat more, the next value.
    public mutating func change(by delta: Int) {
        guard fields.indices.contains(row) else { return }
        switch fields[row] {
        case .game:
            guard !games.isEmpty else { return }
            gameIndex = (gameIndex + delta + games.count) % games.count
            row = min(row, fields.count - 1)
        case .seats:
            guard let range = entry?.seats else { return }
            let seats = current.seats ?? defaultSeats
            current.seats = max(range.lowerBound, min(range.upperBound, seats + delta))
            followRules(changed: nil)
        case .privacy:
            current.isPrivate.toggle()
        case .rated:
            current.rated.toggle()
        case .option(let option):
            current.options[option.name] = Self.step(option, from: current.options[option.name], by: delta)
            followRules(changed: option.name)
        }
    }

    /// The chosen game's choices follow the catalog's rules (``Choices/followRules(of:changed:)``).
    private mutating func followRules(changed: String?) {
        guard let entry else { return }
        current.followRules(of: entry, changed: changed)
    }

    /// A digit typed on a numeric option (a seed, say): appended to the number, if the result is allowed.
    public mutating func type(_ digit: Character) {
        guard fields.indices.contains(row), case .option(let option) = fields[row], let value = digit.wholeNumberValue else { return }
        switch option.values {
        case .integers(let range):
            let now = current.options[option.name]?.intValue ?? 0
            let (typed, overflow) = now.multipliedReportingOverflow(by: 10)
            let next = overflow ? value : typed + value
            current.options[option.name] = .int(range.contains(next) ? next : max(range.lowerBound, min(range.upperBound, value)))
        case .integerChoices(let choices) where choices.contains(value):
            current.options[option.name] = .int(value)
        default:
            return
        }
        followRules(changed: option.name)
    }

    /// Backspace on a numeric option: its last digit goes; the last one gone, the game's default.
    public mutating func erase() {
        guard fields.indices.contains(row), case .option(let option) = fields[row] else { return }
        guard case .integers = option.values, let now = current.options[option.name]?.intValue, now >= 10 else {
            current.options[option.name] = nil
            followRules(changed: option.name)
            return
        }
        current.options[option.name] = .int(now / 10)
    }

    /// The game's seats when the form leaves them to it.
    private var defaultSeats: Int { entry?.defaultSeats ?? 1 }

    /// The next value of an option: a range by one, a list in turn; a value left to the
    /// game (no default) is one more stop in the list.
    static func step(_ option: GameOption, from value: JSONValue?, by delta: Int) -> JSONValue? {
        switch option.values {
        case .integers(let range):
            guard let now = value?.intValue ?? option.defaultValue?.intValue else {
                return .int(delta > 0 ? range.lowerBound : range.upperBound)
            }
            let next = now + delta
            if option.defaultValue == nil, !range.contains(next) { return nil }
            return .int(max(range.lowerBound, min(range.upperBound, next)))
        case .integerChoices(let choices):
            let stops: [JSONValue?] = (option.defaultValue == nil ? [nil] : []) + choices.map { .int($0) }
            return cycle(stops, from: value ?? option.defaultValue, by: delta)
        case .strings(let choices):
            let stops: [JSONValue?] = (option.defaultValue == nil ? [nil] : []) + choices.map { .string($0) }
            return cycle(stops, from: value ?? option.defaultValue, by: delta)
        case .boolean:
            // Left to the game (winnable: on in a race, off alone) is a third stop.
            guard option.defaultValue != nil else { return cycle([nil, .bool(true), .bool(false)], from: value, by: delta) }
            return .bool(!(value?.boolValue ?? option.defaultValue?.boolValue ?? false))
        }
    }

    private static func cycle(_ stops: [JSONValue?], from value: JSONValue?, by delta: Int) -> JSONValue? {
        let now = stops.firstIndex { $0 == value } ?? 0
        return stops[((now + delta) % stops.count + stops.count) % stops.count]
    }

    /// What a field shows.
    public func label(of field: Field) -> String {
        switch field {
        case .game:
            guard let entry else { return "no game" }
            return isPlayable ? entry.title : entry.title + " (not playable here)"
        case .seats: return current.seats.map(String.init) ?? "\(defaultSeats)"
        case .privacy: return current.isPrivate ? "private (join by code)" : "public (listed)"
        case .rated:
            guard current.rated else { return "casual" }
            return isRated ? "rated (when every seat is an account)" : "casual (one seat, or the robot)"
        case .option(let option):
            guard let value = current.options[option.name] ?? option.defaultValue else {
                switch option.name {
                case "bot": return "none: a second player"
                case "passes": return "no limit"
                case "winnable": return "in a race only"
                case "seed", "theme": return "random"
                default: return "the game's choice"
                }
            }
            if let flag = value.boolValue { return flag ? "on" : "off" }
            return value.stringValue ?? value.jsonText
        }
    }

    /// A field's name, on the left of the form.
    public static func name(of field: Field) -> String {
        switch field {
        case .game: "game"
        case .seats: "seats"
        case .privacy: "room"
        case .rated: "rating"
        case .option(let option): String(option.name.map { $0 == "_" ? " " : $0 })
        }
    }
}
