import Wire

/// The public rooms in `rooms` order, and the pages of that listing as sent.
///
/// Each room's summary is encoded once per change of that summary, and each page
/// once per change of the listing: a client that asks again and again gets bytes
/// copied from the cache, whatever the number of rooms (the reply's `id` is spliced
/// into the kept text). A page holds at most ``ServerConfig/roomsPerPage`` rooms and
/// at most ``maxPageBytes`` bytes plus the echoed `id`.
final class RoomListing {
    /// Public rooms, oldest first: serials only grow, so a new room goes at the end.
    private var rooms: [Room] = []
    /// Rooms whose `seq` moved since their summary was made.
    private var stale: [Room] = []
    /// Page texts (without `id` and closing brace) by game and first room, for the listing as it is.
    private var pages: [PageKey: [UInt8]] = [:]
    /// Listed rooms by game (nil: every game), for the listing as it is.
    private var totals: [String?: Int] = [:]

    private struct PageKey: Hashable {
        let game: String?
        /// The serial of the first room at or after the query's cursor (0 past the end).
        let from: Int
    }

    /// Whether the lobby stream wants to hear of changes: while someone subscribes.
    var feedIsOn = false {
        didSet {
            guard !feedIsOn else { return }
            for room in feedTouched { room.feedIsStale = false }
            feedTouched = []
            feedRemoved = []
        }
    }
    /// Rooms touched since the stream last took them, and the codes of rooms taken out.
    private var feedTouched: [Room] = []
    private var feedRemoved: [String] = []

    /// The listed rooms, oldest first.
    var listedRooms: [Room] { rooms }

    /// What changed since the last call: the rooms taken out (codes), then the rooms touched.
    func takeFeedChanges() -> (removed: [String], touched: [Room]) {
        defer {
            feedTouched.removeAll(keepingCapacity: true)
            feedRemoved.removeAll(keepingCapacity: true)
        }
        for room in feedTouched { room.feedIsStale = false }
        return (feedRemoved, feedTouched)
    }

    /// Pages assembled so far: what the cache saves shows here.
    private(set) var pagesMade = 0

    /// Rooms waiting in `stale` for the next page asked for, closed ones included.
    var waitingRooms: Int { stale.count }

    /// Pages kept at most; a client walking odd cursors costs a page assembly, not memory.
    static let maxCachedPages = 64

    /// The longest name a summary can hold, in UTF-8 bytes (the protocol's name rule).
    static let maxNameBytes = ServerConfig.maxNameBytes
    /// The longest game name (`concentration`).
    static let maxGameNameBytes = GameServer.gameNames.map(\.utf8.count).max() ?? 0
    /// The most seats any game has (eight).
    static let maxSeats = GameServer.engines.map { $0.seatRange.upperBound }.max() ?? 0
    /// The most digits an `Int` field can take.
    static let maxIntDigits = String(Int.max).count

    /// The most bytes a game's listed options add (``ListedOptions/maxBytes(declared:)``).
    static let maxOptionsBytes = GameServer.engines.map { ListedOptions.maxBytes(declared: $0.options) }.max() ?? 0

    /// The largest one room's summary can be: the longest code and game name, the longest
    /// listed options, eight seats of 64-byte names each escaped at worst six bytes a byte
    /// (`\u0001`), listed again as bots, counts of as many digits as an `Int` has, and eight
    /// ratings of the longest a `Double` prints.
    static let maxSummaryBytes =
        #"{"room":"","game":"","players":[],"seats":,"phase":"","spectators":,"bots":[],"rated":true,"ratings":[]}"#.utf8.count
        + ServerConfig.privateCodeLength + maxGameNameBytes + maxOptionsBytes
        + 2 * (maxSeats * (2 + 6 * maxNameBytes) + (maxSeats - 1))
        + 2 * maxIntDigits + "waiting".utf8.count
        + maxSeats * #"{"rating":,"provisional":false}"#.utf8.count + maxSeats * maxDoubleCharacters + (maxSeats - 1)

    /// The most characters a `Double` prints as (`-1.7976931348623157e+308`).
    static let maxDoubleCharacters = (-Double.greatestFiniteMagnitude).description.count

    /// The largest a `rooms` reply can be, newline included, before its `id` (which adds
    /// `,"id":` and the id as the client sent it, escaped): a full page of the largest
    /// summaries, the largest `total` and a `next` with the longest game name.
    static let maxPageBytes =
        #"{"type":"rooms","rooms":[],"total":,"next":{"type":"rooms","game":"","after":}}"#.utf8.count + 1
        + ServerConfig.roomsPerPage * maxSummaryBytes + (ServerConfig.roomsPerPage - 1)
        + 2 * maxIntDigits + maxGameNameBytes

    /// Lists a public room (a new one: it goes last).
    func add(_ room: Room) {
        room.listing = self
        rooms.append(room)
        changed(room)
        // Closed rooms wait in `stale` until a page is asked for; when nobody asks,
        // drop them now and then, so churn cannot pile them up.
        if stale.count > 2 * rooms.count + 64 {
            stale.removeAll { $0.listing !== self }
        }
    }

    /// Takes a room out of the listing for good.
    func remove(_ room: Room) {
        guard room.listing === self else { return }
        room.listing = nil
        if feedIsOn { feedRemoved.append(room.code) }
        let index = index(after: room.serial - 1)
        if index < rooms.count, rooms[index] === room {
            rooms.remove(at: index)
        }
        if room.summary != nil {
            listingChanged()
        }
        room.summary = nil
        room.summaryText = []
    }

    /// Notes that a room's summary may have changed; it is made again when a page is asked for.
    func changed(_ room: Room) {
        if feedIsOn, !room.feedIsStale {
            room.feedIsStale = true
            feedTouched.append(room)
        }
        guard !room.summaryIsStale else { return }
        room.summaryIsStale = true
        stale.append(room)
    }

    /// The page of the listing after the cursor, as a `rooms` reply without its `id`
    /// and closing brace (see ``RoomsPage/replyLine(prefix:id:)``).
    /// - Parameters:
    ///   - query: the game (already checked to exist) and the cursor.
    ///   - summarize: a room's summary, or nil when it is not listed (no member connected).
    func page(_ query: RoomsQuery, summarize: (Room) -> RoomSummary?) -> [UInt8] {
        refresh(summarize)
        let start = query.after.map { index(after: $0) } ?? 0
        let key = PageKey(game: query.game, from: start < rooms.count ? rooms[start].serial : 0)
        if let page = pages[key] { return page }
        let page = makePage(game: query.game, from: start)
        if pages.count >= Self.maxCachedPages { pages.removeAll(keepingCapacity: true) }
        pages[key] = page
        return page
    }

    /// Makes the summaries of stale rooms again; a page is dropped only when one differs.
    private func refresh(_ summarize: (Room) -> RoomSummary?) {
        for room in stale {
            room.summaryIsStale = false
            guard room.listing === self else { continue }
            let summary = summarize(room)
            guard summary != room.summary else { continue }
            room.summary = summary
            room.summaryText = summary?.encoded() ?? []
            listingChanged()
        }
        stale.removeAll(keepingCapacity: true)
    }

    private func listingChanged() {
        pages.removeAll(keepingCapacity: true)
        totals.removeAll(keepingCapacity: true)
    }

    private func makePage(game: String?, from start: Int) -> [UInt8] {
        pagesMade += 1
        func matches(_ room: Room) -> Bool { room.summary != nil && (game == nil || room.gameName == game) }
        var shown: [[UInt8]] = []
        var bytes = 0
        var index = start
        var last: Room?
        // Names of at most 64 bytes keep every summary within maxSummaryBytes; the byte
        // budget holds the page to its bound even if one did not (a page shows one room at least).
        let budget = ServerConfig.roomsPerPage * Self.maxSummaryBytes
        while index < rooms.count, shown.count < ServerConfig.roomsPerPage {
            let room = rooms[index]
            if matches(room) {
                if !shown.isEmpty, bytes + room.summaryText.count > budget { break }
                shown.append(room.summaryText)
                bytes += room.summaryText.count
                last = room
            }
            index += 1
        }
        let more = rooms[index...].contains(where: matches)
        let next = more ? last.map { RoomsQuery(game: game, after: $0.serial) } : nil
        return RoomsPage.replyPrefix(summaries: shown, total: total(of: game), next: next)
    }

    private func total(of game: String?) -> Int {
        if let total = totals[game] { return total }
        let total = rooms.count { $0.summary != nil && (game == nil || $0.gameName == game) }
        totals[game] = total
        return total
    }

    /// The index of the first room whose serial is greater than `serial` (binary search).
    private func index(after serial: Int) -> Int {
        var low = 0
        var high = rooms.count
        while low < high {
            let middle = (low + high) / 2
            if rooms[middle].serial <= serial { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
