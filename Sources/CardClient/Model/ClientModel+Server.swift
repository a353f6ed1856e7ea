import Wire

extension ClientModel {
    /// Applies one line from the server.
    /// - Parameters:
    ///   - line: the line's bytes, without the newline.
    ///   - now: the client's clock in milliseconds.
    /// - Returns: what to send in answer (a login after `hello`, the room after `welcome`, …).
    @discardableResult
    public mutating func apply(serverLine line: [UInt8], now: Int) -> [Effect] {
        guard let message = try? JSONParser.parse(line).objectValue else {
            setStatus("the server sent a line this client cannot read", tone: .bad, now: now)
            return []
        }
        return apply(serverMessage: message, now: now)
    }

    /// Applies one message from the server.
    /// - Parameters:
    ///   - message: the parsed message.
    ///   - now: the client's clock in milliseconds.
    /// - Returns: what to send in answer.
    @discardableResult
    public mutating func apply(serverMessage message: JSONObject, now: Int) -> [Effect] {
        let answered = message["type"]?.stringValue == "error" ? nil : settle(message.int("id"))
        switch message.string("type") ?? "" {
        case "hello": return greeted(message)
        case "welcome": return welcomed(message, now: now)
        case "rooms": lobby.update(message.objects("rooms").compactMap(LobbyRoom.init(json:)))
        case "joined":
            enter(RoomModel(code: message.string("room") ?? "", game: message.string("game") ?? "", seat: message.int("seat")))
        case "watching":
            let code = message.string("room") ?? ""
            enter(RoomModel(code: code, game: lobby.rooms.first { $0.code == code }?.game ?? "", seat: nil))
        case "left":
            room = nil
            return [send(.firstRoomsPage)]
        case "state": receivedState(message, now: now)
        case "chat":
            room?.log(.said(from: message.string("from") ?? "?", text: message.string("text") ?? ""))
        case "player_joined", "player_left", "player_away", "player_back": memberEvent(message)
        case "game_over": gameOver(message)
        case "round": roundRevealed(message, now: now)
        case "claimed": claimed(message, now: now)
        case "hint": hinted(message, now: now)
        case "brain_round": brainRoundEnded(message, now: now)
        case "flipped": flipped(message, now: now)
        case "solved": solved(message, now: now)
        case "error": return refused(message, now: now)
        case "replaced": link = .lost("another connection took over this session")
        case "shutdown": link = .lost("the server is shutting down")
        default:
            if answered == .deal, message.string("type") == "ok" {
                setStatus("asked for three more cards", tone: .neutral, now: now)
            }
        }
        return []
    }

    private mutating func greeted(_ message: JSONObject) -> [Effect] {
        games = message.strings("games")
        link = .online
        if let token = session?.token { return [send(.resume(token: token))] }
        if let name { return [send(.login(name: name))] }
        prompt = Prompt(.name)
        return []
    }

    private mutating func welcomed(_ message: JSONObject, now: Int) -> [Effect] {
        let given = message.string("name") ?? name ?? ""
        session = Session(player: message.string("player") ?? "", name: given, token: message.string("token") ?? "")
        name = given
        if prompt?.kind == .name { prompt = nil }
        if message.bool("resumed") == true {
            setStatus("reconnected", tone: .good, now: now)
            return room == nil ? [send(.firstRoomsPage)] : []
        }
        room = nil
        let target = destination
        destination = .lobby
        switch target {
        case .lobby: return [send(.firstRoomsPage)]
        case .create(let game, let seats, let isPrivate): return [send(.create(game: game, seats: seats, isPrivate: isPrivate))]
        case .join(let code): return [send(.join(room: code))]
        case .watch(let code): return [send(.watch(room: code))]
        }
    }

    private mutating func enter(_ newRoom: RoomModel) {
        room = newRoom
        if prompt?.kind != .name { prompt = nil }
        showsKeys = false
        status = nil
    }

    private mutating func receivedState(_ message: JSONObject, now: Int) {
        guard let state = RoomState(json: message) else { return }
        var current = room ?? RoomModel(code: state.room, game: state.game, seat: nil)
        if current.code != state.room {
            current = RoomModel(code: state.room, game: state.game, seat: nil)
        }
        current.game = state.game
        if let mine = state.player(named: me) { current.seat = mine.seat }
        if case .set(let set) = state.details {
            let onBoard = Set(set.board.map(\.id))
            current.selection.removeAll { !onBoard.contains($0) }
        }
        if state.phase == .playing, current.phase != .playing {
            current.result = nil
            current.reveal = nil
        }
        current.state = state
        current.stateReceivedAt = now
        room = current
    }

    private mutating func memberEvent(_ message: JSONObject) {
        let who = message.string("name") ?? "?"
        let watching = message.string("role") == "spectator"
        let text: String
        switch message.string("type") {
        case "player_joined": text = watching ? "\(who) is watching" : "\(who) joined"
        case "player_left": text = watching ? "\(who) stopped watching" : "\(who) left"
        case "player_away": text = "\(who) is away"
        default: text = "\(who) is back"
        }
        room?.log(.event(text))
    }

    private mutating func gameOver(_ message: JSONObject) {
        let scores = (message.object("scores")?.pairs ?? []).map { (name: $0.key, score: $0.value.intValue ?? 0) }
        let result = GameResult(winners: message.strings("winners"), scores: scores, hintsUsed: message.int("hints_used"))
        let verdict = Self.describeWinners(result.winners, me: me)
        room?.result = result
        room?.log(.event("game over: " + verdict))
    }

    /// "you win", "ann wins", "ann and bob win", "nobody wins".
    static func describeWinners(_ winners: [String], me: String?) -> String {
        switch winners.count {
        case 0: return "nobody wins"
        case 1: return winners[0] == me ? "you win" : "\(winners[0]) wins"
        default: return winners.map { $0 == me ? "you" : $0 }.joined(separator: " and ") + " win"
        }
    }

    private mutating func roundRevealed(_ message: JSONObject, now: Int) {
        guard let reveal = RPSReveal(json: message) else { return }
        room?.reveal = reveal
        switch reveal.winner {
        case nil:
            setFlash(reveal.throwsByName.isEmpty ? "nobody threw: round \(reveal.round) again" : "draw: round \(reveal.round) again",
                     tone: .neutral, now: now)
        case me?: setFlash("you win round \(reveal.round)", tone: .good, now: now)
        case let winner?: setFlash("\(winner) wins round \(reveal.round)", tone: .bad, now: now)
        }
    }

    private mutating func claimed(_ message: JSONObject, now: Int) {
        let player = message.string("player") ?? "?"
        let valid = message.bool("valid") ?? false
        let points = message.int("points") ?? 0
        let score = points < 0 ? "−\(-points)" : "+\(points)"
        let verdict = valid ? "Set! \(score)" : "not a Set \(score)"
        if player == me {
            setFlash(verdict, tone: valid ? .good : .bad, now: now)
        } else {
            setFlash("\(player): \(verdict)", tone: .neutral, now: now)
        }
    }

    private mutating func hinted(_ message: JSONObject, now: Int) {
        let ids = message.objects("cards").compactMap { $0.int("id") }
        guard case .set(let set)? = room?.state?.details else { return }
        let letters = ids.compactMap { id in set.board.firstIndex { $0.id == id }.map(SetLabels.letter) }
        setFlash(letters.isEmpty ? "hint" : "hint: " + letters.joined(separator: ", "), tone: .neutral, now: now)
    }

    private mutating func refused(_ message: JSONObject, now: Int) -> [Effect] {
        let code = message.string("code") ?? ""
        let text = message.string("message") ?? code
        let command = settle(message.int("id"))
        if code == "stale" {
            setFlash("too late", tone: .neutral, now: now)
            return []
        }
        if code == "server_full" {
            // The server closes the connection next: this, not "closed", is the reason to show.
            link = .lost(text)
            return []
        }
        if code == "bad_token" {
            session = nil
            room = nil
            setStatus("your seat is gone (away too long); logged in again", tone: .bad, now: now)
            if let name { return [send(.login(name: name))] }
            prompt = Prompt(.name)
            return []
        }
        setStatus(text, tone: .bad, now: now)
        switch command {
        case .login(.name(let tried))?:
            prompt = Prompt(.name, text: tried)
        case .chat(let text)?:
            // A refused line (too fast, not in a room) is given back to edit or resend.
            prompt = Prompt(.chat, text: text)
        case .create?, .join?, .watch?:
            if room == nil { return [send(.firstRoomsPage)] }
        default: break
        }
        return []
    }
}
