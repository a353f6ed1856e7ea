import Wire

/// The lobby's quick-play screen: the server's pools (from its `games` reply), the chosen
/// one, and the pool this client waits in with its last `pool_status`.
public struct QuickPlay: Equatable, Sendable {
    /// The chosen pool's index in ``ClientModel/pools``.
    public var cursor = 0
    /// The pool waited in, from `pool_join` until `paired` or `pool_leave`.
    public var waitingIn: String?
    /// The last `pool_status`: how many wait and for how long.
    public var status: PoolStatus?

    public init() {}
}

/// What a key does on the quick-play screen.
public enum QuickPlayAction: Equatable, Sendable {
    case open, close, join, cancel
    case move(Int)
}

extension ClientModel {
    mutating func quickPlayAction(_ action: QuickPlayAction, now: Int) -> [Effect] {
        switch action {
        case .open:
            quickPlay = QuickPlay()
            // The pools come with the catalog: ask for it when it has not come yet.
            return pools.isEmpty ? [send(.games)] : []
        case .close:
            // Closing the screen while waiting stops the wait: nothing else would show it.
            let waiting = quickPlay?.waitingIn != nil
            quickPlay = nil
            return waiting ? [send(.poolLeave)] : []
        case .move(let delta):
            guard var page = quickPlay, !pools.isEmpty else { return [] }
            page.cursor = max(0, min(pools.count - 1, page.cursor + delta))
            quickPlay = page
        case .join:
            guard let page = quickPlay, pools.indices.contains(page.cursor) else { return [] }
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
}
