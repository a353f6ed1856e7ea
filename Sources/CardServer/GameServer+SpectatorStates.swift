import Wire

// Spectators are sent a room's newest state once a turn, not each state.
//
// Why: in a Klondike race of 8 racers drawing 50 times a second, each draw sent the room's
// state to every spectator (100 of them in `cardbench attack`'s spectators run: 4,000 states
// a second, each copied 100 times), and that was 62% of the loop's CPU. A spectator acts on
// nothing, so the states between two turns' ends are worth nothing to it: it gets the last.
// Order still holds: an event (`round`, `claimed`, chat, `game_over`, …) sent to the room
// first sends the state owed, so every member sees a state before the events that follow it.
extension GameServer {
    /// Notes that `room`'s spectators are owed its newest state by the turn's end.
    func oweSpectatorsState(_ room: Room) {
        guard !room.spectatorsOweState else { return }
        room.spectatorsOweState = true
        roomsOwingSpectators.append(room)
    }

    /// Sends `room`'s spectators the state they are owed, if any: its newest, encoded once.
    func sendSpectatorState(_ room: Room) {
        guard room.spectatorsOweState else { return }
        room.spectatorsOweState = false
        // A room closed since (its code gone, or taken by another room) owes nobody.
        guard rooms[room.code] === room else { return }
        var line: [UInt8]?
        for spectatorID in room.spectators {
            guard let client = players[spectatorID]?.client else { continue }
            // Far behind on reading: none until it has read down, then the newest (as for players).
            if let unsent = host.unsentBytes(for: client), unsent > config.pauseInputAboveUnsentBytes {
                holdStates(for: client)
                continue
            }
            if line == nil {
                line = ServerMessage.state(stateView(of: room, entries: playerEntries(of: room), forSeat: nil, now: gameNow)).encodedLine()
            }
            if let line { host.send(line, to: client) }
        }
    }

    /// The turn's end: every room's spectators get the state they are owed.
    func sendSpectatorStates() {
        guard !roomsOwingSpectators.isEmpty else { return }
        for room in roomsOwingSpectators {
            sendSpectatorState(room)
        }
        roomsOwingSpectators.removeAll(keepingCapacity: true)
    }
}
