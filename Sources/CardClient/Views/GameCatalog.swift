import Wire

/// One game as this client knows it: the one place that ties a game's wire name to its
/// title, its view (which draws its `GameFields` and owns its keys) and its lobby entries.
public struct ClientGame: Sendable {
    /// The game's name on the wire (`create`, `hello.games`, `state.game`).
    public let name: String
    /// The name people read.
    public let title: String
    /// How the game looks and what its keys do.
    public let view: any GameView
    /// The seat counts a room of it may have (rps: 2, or 1 against the robot).
    public let seats: ClosedRange<Int>
    /// Seats when `create` leaves them out.
    public let defaultSeats: Int
    /// Its `create` options, as the server declared them when this client was built: what
    /// `--option` is checked against before connecting. The new-game form uses the server's
    /// own `games` reply instead, so an option newer than this client is offered too.
    public let options: [GameOption]
    /// The games the lobby offers to create, each with its key.
    public let newGames: [NewGame]

    /// Describes a game.
    public init(
        name: String, title: String, view: any GameView, seats: ClosedRange<Int>, defaultSeats: Int, options: [GameOption],
        newGames: [NewGame]
    ) {
        self.name = name
        self.title = title
        self.view = view
        self.seats = seats
        self.defaultSeats = defaultSeats
        self.options = options
        self.newGames = newGames
    }
}

extension ClientGame {
    /// The game as a `games` reply describes it: what the new-game form offers when the
    /// server sent only `hello` (and what `GameCatalogTests` holds equal to the server's reply).
    public var info: GameInfo {
        GameInfo(name: name, title: title, seats: seats, defaultSeats: defaultSeats, options: options)
    }
}

/// A game the lobby can create with one key.
public struct NewGame: Sendable {
    /// The lobby key.
    public let key: Character
    /// What the key line says ("Set solo").
    public let label: String
    /// The game's wire name.
    public let game: String
    /// Seats in the new room.
    public let seats: Int
    /// The game's options, as `create` sends them.
    public let options: JSONObject
    /// Whether the lobby's new-game line shows it (the others are in the `?` list; the form has them all).
    public let isShown: Bool

    /// Describes a lobby entry.
    public init(key: Character, label: String, game: String, seats: Int, options: JSONObject = [:], isShown: Bool = true) {
        self.key = key
        self.label = label
        self.game = game
        self.seats = seats
        self.options = options
        self.isShown = isShown
    }

    /// The `create` this entry sends.
    var command: ClientCommand { .create(game: game, seats: seats, isPrivate: false, options: options) }
}

/// Every game this client draws: adding a game adds its view file and one line here.
public enum GameCatalog {
    /// The games, in the order the lobby offers them.
    public static let games: [ClientGame] = [SetView.game, RPSView.game, BrainView.game, ConcentrationView.game, KlondikeView.game]

    private static let byName = Dictionary(uniqueKeysWithValues: games.map { ($0.name, $0) })

    /// The game of this wire name; nil for a game this client does not know.
    public static func game(named name: String) -> ClientGame? {
        byName[name]
    }
}
