import Wire

/// A game room: seats, spectators, the game engine and the `state` counter.
final class Room {
    let code: String
    let gameName: String
    let isPrivate: Bool
    /// Creation order, for a stable `rooms` listing.
    let serial: Int
    /// The player id in each seat; nil for an empty seat.
    var seats: [String?]
    /// Watching player ids, in arrival order.
    var spectators: [String] = []
    var phase: Phase = .waiting {
        didSet {
            if (phase == .playing) != (oldValue == .playing) {
                metrics?.gameBeganOrEnded(gameName, playing: phase == .playing)
            }
        }
    }
    /// Where its games under way are counted, while it is among the server's rooms.
    weak var metrics: ServerMetrics?
    /// Grows by one with every `state` sent. Every change a `rooms` summary could show
    /// (seats, spectators, phase, who is connected) sends a state, so this is where the
    /// listing learns that the room's summary may be out of date.
    /// What changed the room to its `seq`: every member's `state` says so.
    var cause: StateCause?
    var seq = 0 {
        didSet { listing?.changed(self) }
    }
    /// The listing this room is shown in; nil for a private room, or once closed.
    /// Weak: the server owns the listing, and the listing holds its rooms, so a strong link
    /// back would keep both alive after the server is gone.
    weak var listing: RoomListing?
    /// Whether `seq` moved since `summary` was made.
    var summaryIsStale = false
    /// Whether the lobby stream has this room among the turn's changes (``RoomListing/takeFeedChanges()``).
    var feedIsStale = false
    /// The room's line in `rooms` as last made; nil while no member is connected (not listed).
    var summary: RoomSummary?
    /// `summary` encoded, kept so a page is assembled by copying bytes.
    var summaryText: [UInt8] = []
    var engine: any GameEngine
    /// Whether the spectators are owed the room's newest state (``GameServer/sendOwedStates()``).
    var spectatorsOweState = false
    /// Whether the room is in ``GameServer/roomsOwingStates`` this turn.
    var listedAsOwing = false
    /// Players owed their view of the room's newest state by the turn's end: a change another
    /// player made, in a game whose views differ by seat (``GameServer/oweState(_:in:)``).
    var playersOwedState: [String] = []
    /// The timer that will call the engine's deadline.
    var deadlineTimer: TimerToken?
    /// The engine deadline `deadlineTimer` runs to.
    var scheduledDeadline: UInt64?
    /// The minimum of seated players for `start`.
    let minPlayers: Int
    /// The seed the current game was dealt from, for the journal and `game_over`.
    var seed = 0
    /// SHA-256 of the current game's seed in decimal, shown in every state while the seed is
    /// secret (``RoomState/seedCommitment``); nil for a seed everyone knows (chosen, daily).
    var seedCommitment: String?
    /// Whether a seated player's game command was accepted in the current game:
    /// a game everyone left before any was is not a result.
    var moved = false
    /// When the current game started, in milliseconds since the epoch.
    var startedMs: Int64 = 0
    /// The last game's `game_over` as sent, for a player who resumes after it went out.
    var lastGameOver: [UInt8]?
    /// After a game: the player ids of the seated players who offered a rematch.
    var rematchVotes: Set<String> = []
    /// The game under way deals the day's deal: its UTC day and the deal's name (``GameEngine/dailyKey``).
    var daily: GameRecord.Daily?
    /// A deal is being prepared off the loop (``GameEngine/dealPreparation(seed:)``); the game starts when it comes.
    var isDealing = false
    /// Set while the room log is replayed when the room's game began under another version of
    /// its rules than this server's (the versions, as logged and as played here): the game
    /// was not begun again (never re-judged).
    var closedForRules: (began: Int, current: Int)?
    /// What a player who comes back is told about the room (why its game was closed), until
    /// its next game begins.
    var notice: ServerMessage?
    /// The current (or last) game's id: the room, the start's wall time in base 36, and `seq` then.
    var gameID = ""
    /// The current game's inputs so far, each its room-log record as written: the game's one
    /// record, from which its replay is made (``GameServer/keepInGameRecord(_:line:)``).
    var gameRecord: [[UInt8]] = []
    /// The player id in each seat when the current game began: whose each record is.
    var beganSeats: [String?] = []
    /// Game commands each seat has sent in the current game, refused ones counted: each is a
    /// record in the room log until the game ends (``ServerConfig/maxMovesPerSeat``).
    var movesBySeat: [Int] = []
    /// Times each seat's player came back in the current game, each an away and a back in the
    /// room log (``ServerConfig/maxReturnsPerSeat``).
    var returnsBySeat: [Int] = []
    /// The rules version the current game is judged by: today's, or the one a game restored
    /// from the room log began under (``GameEngine/judge(byRules:)``).
    var rulesVersion = 0
    /// Room-log bytes each seat's moves wrote while the disk was short, in the shortage
    /// ``GameServer/diskShortage`` numbers (``ServerConfig/seatReserveBytes``).
    var shortBytesBySeat: [Int] = []
    var shortageCounted = 0
    /// The game clock when the current game began.
    var beganAt: UInt64 = 0
    /// The players by seat when the current game began ("" for an empty seat).
    var beganWith: [String] = []
    /// The options the room was created with: the room log's snapshots carry them.
    var options = JSONObject()
    /// The room was created with `"rated":true`: its games are rated when every seat is an
    /// account's and there are two or more (``GameServer/isRatedGame(_:)``).
    var isRatedRoom = false
    /// The current (or last) game is rated: decided as it begins, from who sits then.
    var ratedGame = false
    /// The account in each seat when the current game began (nil: a guest, or empty).
    var beganAccounts: [String?] = []
    /// The seats whose players resigned the game under way (or the last one): out of it, and
    /// its losers, while they stay in the room.
    var resigned: Set<Int> = []
    /// The game under way (or the last one) was aborted before anyone moved: it is no result.
    var aborted = false

    init(code: String, gameName: String, isPrivate: Bool, serial: Int, seatCount: Int, minPlayers: Int, engine: any GameEngine) {
        self.code = code
        self.gameName = gameName
        self.isPrivate = isPrivate
        self.serial = serial
        self.seats = Array(repeating: nil, count: seatCount)
        self.minPlayers = minPlayers
        self.engine = engine
    }

    /// Everyone who gets the room's events: seated players, then spectators.
    var members: [String] { seats.compactMap { $0 } + spectators }

    /// Calls `body` for each member in `members` order, with their seat (nil for a
    /// spectator), without building the array (broadcasts run after every move).
    func forEachMember(_ body: (_ playerID: String, _ seat: Int?) -> Void) {
        for (seat, playerID) in seats.enumerated() {
            if let playerID { body(playerID, seat) }
        }
        for playerID in spectators { body(playerID, nil) }
    }

    var seatedCount: Int { seats.count(where: { $0 != nil }) }

    /// The room's key in ``DurableResults``: while a result of it is unannounced, the
    /// `FinishedGame` holds the room, so no other room can reuse this identity meanwhile.
    var resultKey: ObjectIdentifier { ObjectIdentifier(self) }

    var isEmpty: Bool { seatedCount == 0 && spectators.isEmpty }

    func seat(of playerID: String) -> Int? {
        seats.firstIndex(of: playerID)
    }
}
