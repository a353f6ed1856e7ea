import Wire

/// The lobby's quick-play screen: the server's pools (from its `games` reply) with how many
/// wait in each; the day's deals (Daily Set, Daily Klondike) with their boards and this
/// player's rank; then the open seeks this player may take, pools and seeks kept live by the
/// lobby stream while the screen is open (`subscribe`); who else is online (`players`); the
/// chosen line, and the pool this client waits in with its last `pool_status`.
public struct QuickPlay: Equatable, Sendable {
    /// The chosen line: a pool's index in ``ClientModel/pools``, past them a daily game's in
    /// ``dailyGames``, then a seek's in ``seeks``, then a player's in ``online``.
    public var cursor = 0
    /// The games with a daily deal, in the catalog's order.
    public var dailyGames: [String] = []
    /// Each daily game's board today, by game, as the last `daily_leaderboard` said.
    public var dailies: [String: DailyLeaderboard] = [:]
    /// The open seeks, newest first, as the lobby stream has them.
    public var seeks: [SeekInfo] = []
    /// How many wait in each pool, by its id, as the lobby stream has them.
    public var poolCounts: [String: Int] = [:]
    /// Who else is online, by name, as the last `players` reply listed them, and how many in all.
    public var online: [OnlinePlayer] = []
    public var onlineTotal = 0
    /// The pool waited in, from `pool_join` until `paired` or `pool_leave`.
    public var waitingIn: String?
    /// The last `pool_status`: how many wait and for how long.
    public var status: PoolStatus?

    /// An empty screen offering the daily deals of `dailyGames`.
    public init(dailyGames: [String] = []) {
        self.dailyGames = dailyGames
    }

    /// The most seeks and players online the screen shows at once (it fits 80×24 with them,
    /// the daily lines and a wait's two lines); the cursor goes through them all, and the
    /// lines shown follow it.
    public static let shownSeeks = 2
    public static let shownOnline = 3

    /// The seeks shown, given `pools` pools before them: the first two, or the two that end
    /// at the cursor once it has gone further. Their indices are the seeks'.
    public func visibleSeeks(pools: Int) -> ArraySlice<SeekInfo> {
        Self.window(of: seeks, size: Self.shownSeeks, cursor: cursor - pools - dailyGames.count)
    }

    /// The players shown, as ``visibleSeeks(pools:)`` with three. Their indices are ``online``'s.
    public func visibleOnline(pools: Int) -> ArraySlice<OnlinePlayer> {
        Self.window(of: online, size: Self.shownOnline, cursor: cursor - pools - dailyGames.count - seeks.count)
    }

    /// `size` items: from the first, or ending at `cursor` (an index into `items`) past them.
    static func window<Item>(of items: [Item], size: Int, cursor: Int) -> ArraySlice<Item> {
        let start = min(max(0, cursor - size + 1), max(0, items.count - size))
        return items[start..<min(items.count, start + size)]
    }

    /// What the cursor stands on, given `pools` pools before the seeks.
    enum Chosen: Equatable {
        case pool(Int), daily(String), seek(SeekInfo), player(OnlinePlayer)
    }

    func chosen(pools: Int) -> Chosen? {
        if cursor < pools { return .pool(cursor) }
        if cursor < pools + dailyGames.count { return .daily(dailyGames[cursor - pools]) }
        let seekIndex = cursor - pools - dailyGames.count
        if seeks.indices.contains(seekIndex) { return .seek(seeks[seekIndex]) }
        let playerIndex = seekIndex - seeks.count
        return online.indices.contains(playerIndex) ? .player(online[playerIndex]) : nil
    }

    /// How many lines the cursor can stand on.
    func lines(pools: Int) -> Int { pools + dailyGames.count + seeks.count + online.count }

    /// Keeps the cursor on a line there is, after the seeks or the players changed.
    mutating func clampCursor(pools: Int) {
        cursor = min(cursor, max(0, lines(pools: pools) - 1))
    }
}

/// What a key does on the quick-play screen.
public enum QuickPlayAction: Equatable, Sendable {
    case open, close, join, cancel
    case move(Int)
    /// Asks for the lobby (and who is online) again.
    case refresh
    /// Takes back the seek this player opened.
    case withdraw
}

extension ClientModel {
    mutating func quickPlayAction(_ action: QuickPlayAction, now: Int) -> [Effect] {
        switch action {
        case .open:
            // The pools come with the catalog: ask for it when it has not come yet.
            return openQuickPlay(askCatalog: pools.isEmpty)
        case .refresh:
            return [post(.subscribeLobby), post(.players)]
        case .withdraw:
            guard let seek = mySeek else {
                setStatus("you have no open seek: n, then o in the form, opens one", tone: .neutral, now: now)
                return []
            }
            mySeek = nil
            setStatus("your seek is taken back", tone: .neutral, now: now)
            return [send(.seekCancel(seek: seek))]
        case .close:
            // Closing the screen while waiting stops the wait: nothing else would show it.
            // The room list it uncovers is asked for again at the next tick (none while it was hidden).
            let waiting = quickPlay?.waitingIn != nil
            quickPlay = nil
            return (waiting ? [send(.poolLeave)] : []) + [post(.unsubscribeLobby)]
        case .move(let delta):
            guard var page = quickPlay, page.lines(pools: pools.count) > 0 else { return [] }
            page.cursor = max(0, min(page.lines(pools: pools.count) - 1, page.cursor + delta))
            quickPlay = page
        case .join:
            guard let page = quickPlay else { return [] }
            switch page.chosen(pools: pools.count) {
            case .seek(let seek)?:
                return [send(.seekAccept(seek: seek.seek))]
            case .daily(let game)?:
                // The day's deal: one seat, the same for everyone today.
                return [send(.create(CreateRequest(game: game, seats: 1, options: ["daily": true])))]
            case .player(let player)?:
                // The new-game form's game, as it was last left, is what the challenge offers.
                let form = NewGameForm(offered: catalog.isEmpty ? GameCatalog.games.map(\.info) : catalog, remembered: formMemory)
                guard let request = form.request else { return [] }
                return [send(.challenge(ChallengeRequest(name: player.name, game: request.game, options: request.options, rated: request.rated && account != nil)))]
            case .pool?, nil:
                break
            }
            guard pools.indices.contains(page.cursor) else { return [] }
            if let waiting = page.waitingIn {
                setStatus("you are waiting in \(waiting): c cancels", tone: .neutral, now: now)
                return []
            }
            let pool = pools[page.cursor]
            quickPlay?.waitingIn = pool.id
            quickPlay?.status = nil
            return [send(.poolJoin(pool: pool.id))]
        case .cancel:
            guard quickPlay?.waitingIn != nil else { return quickPlayAction(.close, now: now) }
            quickPlay?.waitingIn = nil
            quickPlay?.status = nil
            setStatus("you stopped waiting", tone: .neutral, now: now)
            return [send(.poolLeave)]
        }
        return []
    }

    /// Opens the quick-play screen, the lobby's first: it subscribes to the lobby stream for
    /// the pools' counts and the seeks, and asks who is online.
    mutating func openQuickPlay(askCatalog: Bool) -> [Effect] {
        let offered = catalog.isEmpty ? GameCatalog.games.map(\.info).filter { games.contains($0.name) } : catalog
        let dailyGames = offered.filter { $0.options.contains { $0.name == "daily" } }.map(\.name)
        quickPlay = QuickPlay(dailyGames: dailyGames)
        // The day's boards come with the screen, each with this player's own rank.
        return (askCatalog ? [send(.games)] : []) + [post(.subscribeLobby), post(.players)]
            + dailyGames.map { post(.dailyLeaderboard(DailyQuery(game: $0))) }
    }

    /// Entering a room closes the quick-play screen and its subscription: a player in a room
    /// has no use for the lobby's events.
    mutating func leaveQuickPlayForARoom() -> [Effect] {
        guard quickPlay != nil else { return [] }
        quickPlay = nil
        return [post(.unsubscribeLobby)]
    }
}
