import Wire

// Spectators are sent a room's newest state once a turn, not each state; so are players, of
// the changes other players made, in a game whose views differ by seat.
//
// Why: in a Klondike race of 8 racers drawing 50 times a second, each draw sent the room's
// state to every spectator (100 of them in `cardbench attack`'s spectators run: 4,000 states
// a second, each copied 100 times), and that was 62% of the loop's CPU. A spectator acts on
// nothing, so the states between two turns' ends are worth nothing to it: it gets the last.
// What remained was each racer's own view, encoded again for every rival's draw (8 views a
// draw): a racer gets its own move's state at once, and its rivals' moves of the turn in one
// state at the turn's end. Nothing waits longer: a turn's output is written at its end.
// Order still holds: an event (`round`, `claimed`, chat, `game_over`, …) sent to the room
// first sends the states owed, so every member sees a state before the events that follow it;
// a player's own state, sent at once, is its newest and settles what it was owed.
extension GameServer {
    /// Notes that `playerID` is owed its view of `room`'s newest state by the turn's end.
    func oweState(_ playerID: String, in room: Room) {
        guard !room.playersOwedState.contains(playerID) else { return }
        room.playersOwedState.append(playerID)
        listAsOwing(room)
    }

    /// Puts `room` on the turn's list of rooms owing states, once.
    private func listAsOwing(_ room: Room) {
        guard !room.listedAsOwing else { return }
        room.listedAsOwing = true
        roomsOwingStates.append(room)
    }

    /// `playerID` was just sent the room's newest state: it is owed none.
    func settleOwedState(_ playerID: String, in room: Room) {
        guard !room.playersOwedState.isEmpty else { return }
        room.playersOwedState.removeAll { $0 == playerID }
    }

    /// Sends `room`'s members the states they are owed: spectators the newest (encoded once),
    /// each owed player its own view of it.
    func sendOwedStates(_ room: Room) {
        sendSpectatorState(room)
        guard !room.playersOwedState.isEmpty else { return }
        let owed = room.playersOwedState
        room.playersOwedState.removeAll(keepingCapacity: true)
        guard rooms[room.code] === room else { return }
        let entries = playerEntries(of: room)
        let now = gameNow
        for playerID in owed {
            guard let seat = room.seat(of: playerID), let client = players[playerID]?.client else { continue }
            if let unsent = host.unsentBytes(for: client), unsent > config.pauseInputAboveUnsentBytes {
                holdStates(for: client)
                continue
            }
            host.send(ServerMessage.state(stateView(of: room, entries: entries, forSeat: seat, now: now)).encodedLine(), to: client)
        }
    }

    /// Notes that `room`'s spectators are owed its newest state by the turn's end.
    func oweSpectatorsState(_ room: Room) {
        guard !room.spectatorsOweState else { return }
        room.spectatorsOweState = true
        listAsOwing(room)
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

    /// The turn's end: every room's members get the states they are owed.
    func sendOwedStates() {
        guard !roomsOwingStates.isEmpty else { return }
        for room in roomsOwingStates {
            room.listedAsOwing = false
            sendOwedStates(room)
        }
        roomsOwingStates.removeAll(keepingCapacity: true)
    }
}
