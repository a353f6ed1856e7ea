import Wire

/// The lobby: the public rooms and which one the cursor is on.
public struct Lobby: Equatable, Sendable {
    /// Public rooms, oldest first.
    public var rooms: [RoomSummary] = []
    /// The index of the chosen room (0 when there are none).
    public var cursor = 0
    /// How many public rooms the server has in all (it sends the first page).
    public var total = 0

    /// Makes an empty lobby.
    public init() {}

    /// The room under the cursor.
    public var chosen: RoomSummary? { rooms.indices.contains(cursor) ? rooms[cursor] : nil }

    /// Replaces the list, keeping the cursor on the same room when it is still there.
    public mutating func update(_ newRooms: [RoomSummary], total: Int? = nil) {
        self.total = max(total ?? newRooms.count, newRooms.count)
        let chosenCode = chosen?.room
        // Rooms a player can join first, then games under way, then finished ones (a finished
        // game of one last of all): the page's own order, oldest first, within each.
        rooms = newRooms.enumerated().sorted { ($0.element.lobbyRank, $0.offset) < ($1.element.lobbyRank, $1.offset) }.map(\.element)
        cursor = newRooms.firstIndex { $0.room == chosenCode } ?? min(cursor, max(0, newRooms.count - 1))
    }

    /// Moves the cursor by `delta`, staying on the list.
    public mutating func move(by delta: Int) {
        cursor = max(0, min(rooms.count - 1, cursor + delta))
    }
}

extension RoomSummary {
    /// Where the lobby lists the room: 0 joinable (waiting with a free seat), 1 under way,
    /// 2 finished, 3 a finished game of one seat (nothing to join or to watch there).
    var lobbyRank: Int {
        if phase == .waiting, players.count < seats { return 0 }
        if phase == .playing { return 1 }
        return seats == 1 && phase == .over ? 3 : 2
    }
}
