import GameRules
import Wire

extension ClientModel {
    /// Applies one line from the server, read through Wire's decoder.
    /// - Parameters:
    ///   - line: the line's bytes, without the newline.
    ///   - now: the client's clock in milliseconds.
    /// - Returns: what to send in answer (a login after `hello`, the room after `welcome`, …).
    @discardableResult
    public mutating func apply(serverLine line: [UInt8], now: Int) -> [Effect] {
        do {
            return apply(serverMessage: try ServerMessageDecoder.decode(line), now: now)
        } catch {
            // A message type a newer server added is skipped, as Protocol.md says readers do.
            if error.unknownType == nil {
                setStatus("the server sent a line this client cannot read", tone: .bad, now: now)
            }
            return []
        }
    }

    /// Applies one message from the server.
    /// - Parameters:
    ///   - message: the decoded message.
    ///   - now: the client's clock in milliseconds.
    /// - Returns: what to send in answer.
    @discardableResult
    public mutating func apply(serverMessage message: ServerMessage, now: Int) -> [Effect] {
        switch message {
        case .error(let code, let text, let id):
            return refused(code: code, text: text, command: settle(id), now: now)
        case .rateLimited(let text, _, let id):
            return refused(code: .rateLimited, text: text, command: settle(id), now: now)
        case .storageUnavailable(let text, _, let id):
            return refused(code: .storageUnavailable, text: text, command: settle(id), now: now)
        case .serverBusy(let text, _, let id):
            return refused(code: .serverBusy, text: text, command: settle(id), now: now)
        default:
            break
        }
        let answered = settle(message.replyID)
        switch message {
        case .hello(_, _, let offered, let startedMs): return greeted(games: offered, startedMs: startedMs, now: now)
        case .welcome(let player, let given, let token, let resumed, let code, _, let signedIn, _):
            account = signedIn
            // Made once: from here on the account is signed in to.
            if signedIn != nil { credentials?.register = false }
            return welcomed(player: player, name: given, token: token, resumed: resumed, room: code, now: now)
        case .rooms(let page, _): lobby.update(page.rooms, total: page.total)
        case .games(let offered, let offeredPools, _):
            catalog = offered
            pools = offeredPools
        case .joined(let code, let game, let seat, _):
            var entered = freshRoom(code: code, game: game, seat: seat)
            if case .create(let request)? = answered { entered.isPrivate = request.isPrivate }
            enter(entered)
            return leaveQuickPlayForARoom()
        case .paired(let code, let pool, let game, let seat, let challenge, let seek):
            // A pool's wave or an accepted challenge seated us: the room is entered as after a join.
            if case .challenge? = question { question = nil }
            if seek != nil { mySeek = nil }
            enter(freshRoom(code: code, game: game, seat: seat))
            let how = challenge != nil ? "the challenge was accepted" : seek != nil ? "the seek was taken" : "paired from the pool \(pool ?? "")"
            room?.log(.event(how))
            return leaveQuickPlayForARoom()
        case .pairedElsewhere(let code, _, let game, _, _, _):
            // Another connection of this account sat down: this one stays where it is.
            setStatus("your account sat down in room \(code) (\(game)) on another connection; this one may watch it (w in the rooms list)", tone: .neutral, now: now)
        case .poolStatus(let status):
            if quickPlay?.waitingIn == status.pool { quickPlay?.status = status }
        case .lobby(let snapshot, _):
            // The quick-play screen subscribes while it is open: its seeks and pool counts.
            quickPlay?.seeks = snapshot.seeks
            quickPlay?.poolCounts = Dictionary(snapshot.pools.map { ($0.pool, $0.waiting) }, uniquingKeysWith: { $1 })
            quickPlay?.clampCursor(pools: pools.count)
        case .seekAdded(let seek):
            guard var page = quickPlay else { break }
            page.seeks = [seek] + page.seeks.filter { $0.seek != seek.seek }
            // The cursor stays on the line it was on.
            if page.cursor >= pools.count { page.cursor += 1 }
            quickPlay = page
        case .seekRemoved(let seekID):
            guard var page = quickPlay, let index = page.seeks.firstIndex(where: { $0.seek == seekID }) else { break }
            page.seeks.remove(at: index)
            if page.cursor > pools.count + index { page.cursor -= 1 }
            page.clampCursor(pools: pools.count)
            quickPlay = page
        case .poolCounts(let counts):
            quickPlay?.poolCounts = Dictionary(counts.map { ($0.pool, $0.waiting) }, uniquingKeysWith: { $1 })
        case .roomOpened, .roomChanged, .roomClosed, .online:
            // The lobby's room list asks for pages; the stream's room events are the web's.
            break
        case .seekOpen(let seek, let expiresMs, _):
            mySeek = seek
            setStatus("your seek is open for \(expiresMs / 60_000) minutes: p lists the seeks, x there takes yours back", tone: .neutral, now: now)
        case .players(let online, let total, _):
            quickPlay?.online = online
            quickPlay?.onlineTotal = total
            quickPlay?.clampCursor(pools: pools.count)
        case .seeks(let listed, _):
            quickPlay?.seeks = listed
            quickPlay?.clampCursor(pools: pools.count)
        case .seekClosed(let seek, let reason):
            if mySeek == seek { mySeek = nil }
            setStatus(reason == .expired ? "your seek expired: nobody took it in ten minutes" : "your seek ended: you sat down elsewhere", tone: .neutral, now: now)
        case .challengeSent(_, let to, let expiresMs, _):
            setStatus("challenge sent to \(to): waiting for an answer (\(expiresMs / 1000) s)", tone: .neutral, now: now)
        case .challengeOffer(let offer):
            question = .challenge(id: offer.challenge, text: Narration.challenge(offer))
        case .challengeDeclined(_, let by, let reason):
            setStatus("\(by) declined your challenge: \(Narration.declined(reason))", tone: .bad, now: now)
        case .challengeClosed(let id, let reason):
            if case .challenge(id, _)? = question { question = nil }
            setStatus(Narration.challengeEnded(reason), tone: .neutral, now: now)
        case .watching(let code, _):
            enter(freshRoom(code: code, game: lobby.rooms.first { $0.room == code }?.game ?? "", seat: nil))
            return leaveQuickPlayForARoom()
        case .left:
            room = nil
            question = nil
            // Back in the lobby, which opens on quick play.
            return [send(.firstRoomsPage)] + openQuickPlay(askCatalog: false)
        case .state(let state):
            let previous = room?.code == state.room ? room?.state : nil
            receivedState(state, now: now)
            return klondikeStateArrived(state, previous: previous)
        case .chat(_, let from, let text, _): room?.log(.said(from: from, text: text))
        case .notice(let code, _, let text) where code == room?.code: room?.log(.event(text))
        case .notice: break
        case .member(let event, _, let who, let role):
            if event == .left, role == .player, room?.phase == .playing { room?.leftDuringGame.append(who) }
            memberEvent(event, name: who, role: role)
        case .gameOver(let over): gameOver(over)
        case .round(let reveal): roundRevealed(reveal, now: now)
        case .claimed(_, let player, let cards, let valid, let points, _):
            let told = Narration.claim(by: player, cards: cards, valid: valid, points: points, me: me)
            room?.log(.event(told))
            let taker = player == me ? nil : Optional(player)
            if valid { room?.lastTakenBy = taker }
            let clock = room?.setClock(now: now)
            room?.claims.append(SeenClaim(player: player, cards: cards, valid: valid, clockMs: clock))
            claimed(player: player, cardCount: cards.count, valid: valid, points: points, now: now)
        case .hint(let cards, _, _): hinted(cards, now: now)
        case .brainRound(let reveal): brainRoundEnded(reveal, now: now)
        case .flipped(_, let player, _, let face, let result, let points, let bonus):
            let told = Narration.flip(
                by: player, face: face, result: result, points: points, firstFace: room?.firstFlipFace, me: me, bonus: bonus)
            room?.log(.event(told))
            room?.firstFlipFace = result == "first" ? face : nil
            flipped(player: player, result: result, points: points, now: now)
        case .solved(_, let player, let moves, let text):
            let told = "\(player == me ? "you" : player) solved it in \(moves) moves"
            room?.log(.event(told))
            solved(player: player, message: text, now: now)
        case .suggestion(let move, let text, _): suggested(move, text: text, now: now)
        case .replaced: replaced()
        case .signedOut(let reason): return signedOut(reason: reason, now: now)
        case .shutdown: link = .lost("the server is shutting down")
        case .ok:
            if answered == .deal { setStatus("asked for three more cards", tone: .neutral, now: now) }
            switch answered {
            case .sessionRevoke?:
                setStatus("that session is ended: whoever used it is signed out", tone: .good, now: now)
                if accountPage != nil { return [send(.sessions)] }
            case .tokenRevoke(let label)?:
                setStatus("the token \(label) is revoked", tone: .good, now: now)
                if accountPage != nil { return [send(.tokens)] }
            default: break
            }
        case .sessions(let listed, _):
            accountPage?.sessions = listed
            accountPage?.clampCursor()
        case .tokens(let listed, _):
            accountPage?.tokens = listed
            accountPage?.clampCursor()
        case .token(let label, let token, _):
            accountPage?.madeToken = AccountPage.MadeToken(label: label, token: token)
            if accountPage != nil { return [send(.tokens)] }
        case .stats(let stats, _): records?.stats = stats
        case .leaderboard(let game, let entries, _): records?.boards[game] = entries
        case .dailyLeaderboard(let board, _):
            records?.dailies[board.game] = board
            // Today's board for the quick-play screen's daily lines (not another day's, asked by records).
            if quickPlay?.dailyGames.contains(board.game) == true, quickPlay?.dailies[board.game].map({ $0.day <= board.day }) ?? true {
                quickPlay?.dailies[board.game] = board
            }
        case .ratingLeaderboard(let board, _): records?.ratingBoards[board.game] = board
        case .replay(let replay, _): return replayArrived(replay)
        case .replayFrame(let frame, _): replayFrameArrived(frame)
        case .help, .pong, .thrown, .answered, .error, .rateLimited, .storageUnavailable, .serverBusy:
            break
        }
        return []
    }

    /// `signed_out`: the account's session was ended from elsewhere. Its token is forgotten, and
    /// the client does not sign in again by itself (whoever ended it meant it): it asks for a name.
    private mutating func signedOut(reason: String, now: Int) -> [Effect] {
        session = nil
        room = nil
        accountPage = nil
        question = nil
        credentials = nil
        account = nil
        name = nil
        let why: String = switch reason {
        case "password_changed": "the account's password was changed elsewhere"
        case "account_deleted": "the account was deleted"
        case "session_limit": "the account signed in elsewhere a 33rd time, which ended this, its oldest session"
        default: "this session was ended from another connection"
        }
        if reason != "account_deleted", accountName != nil {
            askedPasswordAgain = true
            setStatus("signed out: \(why); type the password to sign in again · Esc quits", tone: .bad, now: now)
            prompt = Prompt(.password)
        } else {
            accountName = nil
            setStatus("signed out: \(why); sign in again, or play as a guest", tone: .bad, now: now)
            prompt = Prompt(.name)
        }
        return [.forgetSession]
    }

    /// The `id` the model gave a command, as the client numbers them.
    private mutating func settle(_ id: RequestID?) -> ClientCommand? {
        guard case .int(let number)? = id else { return nil }
        return settle(number)
    }

    /// `hello`: resume the session (this run's, or one kept from an earlier run), else log in
    /// by name. A server that restarted since still knows the seat if it kept its room log
    /// (a crash or an upgrade on the same `--data`): the token is tried, and `bad_token` says
    /// if it was not kept.
    ///
    /// It also asks for the `games` catalog, without an id: the reply is known by its type,
    /// and the commands that follow keep their numbers.
    private mutating func greeted(games offered: [String], startedMs: Int?, now: Int) -> [Effect] {
        games = offered
        catalog = []
        link = .online
        tokenOutlivedRestart = connectionUp(serverStartedMs: startedMs)
        awaitingWelcome = true
        let askCatalog = Effect.transmit(ClientRequest(command: .games).jsonText)
        if let token = session?.token {
            return [askCatalog, send(.resume(token: token))]
        }
        if let kept = saved {
            saved = nil
            if name == nil { name = kept.name }
            if let then = kept.serverStartedMs, let startedMs, then != startedMs { tokenOutlivedRestart = true }
            return [askCatalog, send(.resume(token: kept.token))]
        }
        return [askCatalog] + logInByName()
    }

    private mutating func logInByName() -> [Effect] {
        if let credentials {
            return [send(credentials.register
                ? .register(RegisterRequest(name: credentials.name, password: credentials.password))
                : .login(.password(name: credentials.name, password: credentials.password)))]
        }
        if let name { return [send(.login(name: name))] }
        prompt = Prompt(.name, text: namePrefill)
        namePrefill = ""
        return []
    }

    private mutating func welcomed(player: String, name given: String, token: String, resumed: Bool, room code: String?, now: Int) -> [Effect] {
        awaitingWelcome = false
        session = Session(player: player, name: given, token: token)
        name = given
        if prompt?.kind == .name { prompt = nil }
        let keep = Effect.saveSession(SavedSession(name: given, token: token, serverStartedMs: serverStartedMs))
        if resumed, let code {
            // Back in the room; its state comes next.
            if room?.code != code { room = freshRoom(code: code, game: "", seat: nil) }
            // A spectator is back to watching, not in a seat (a client that was restarted
            // learns which from the state to come, and the words follow it there).
            let place = room?.code == code && room?.game.isEmpty == false && room?.isSpectator == true ? "back to watching" : "back in your seat in"
            setStatus(tokenOutlivedRestart ? "the server restarted and kept your game: \(place) \(code)" : "\(place) \(code)", tone: .good, now: now)
            return [keep]
        }
        if resumed { setStatus("reconnected", tone: .good, now: now) }
        room = nil
        let target = destination
        destination = .lobby
        switch target {
        case .lobby:
            // The lobby opens on quick play; the catalog (with the pools) was asked on hello.
            return [keep, send(.firstRoomsPage)] + openQuickPlay(askCatalog: false)
        case .create(var request):
            // --create: rated for an account, as the form's default (the server rates only a
            // game of two or more seats, all accounts').
            if account != nil { request.rated = true }
            return [keep, send(.create(request))]
        case .join(let code): return [keep, send(.join(room: code))]
        case .watch(let code): return [keep, send(.watch(room: code))]
        }
    }

    private mutating func enter(_ newRoom: RoomModel) {
        room = newRoom
        if prompt?.kind != .name { prompt = nil }
        showsKeys = false
        status = nil
    }

    /// Why a Set board changed, from the state's cause, in the log's words.
    static func boardChange(_ cause: StateCause?, me: String?) -> String {
        guard let cause, cause.kind == StateCause.Kind.command.rawValue, let player = cause.player else {
            return "the board changed"
        }
        let who = player == me ? "you" : player
        switch cause.command {
        case "claim": return "\(who) took a Set"
        case "deal": return "three more cards were dealt"
        default: return "the board changed"
        }
    }

    /// A room model for a room being entered, with the chat an earlier run kept of it.
    mutating func freshRoom(code: String, game: String, seat: Int?) -> RoomModel {
        var fresh = RoomModel(code: code, game: game, seat: seat)
        fresh.chat = restoredChats.removeValue(forKey: code) ?? []
        return fresh
    }

    private mutating func receivedState(_ state: RoomState, now: Int) {
        var current = room ?? freshRoom(code: state.room, game: state.game, seat: nil)
        if current.code != state.room {
            current = freshRoom(code: state.room, game: state.game, seat: nil)
        }
        current.game = state.game
        if let mine = state.player(named: me) { current.seat = mine.seat }
        if current.isSpectator, let said = status?.text, said.contains("back in your seat in") {
            status?.text = said.replacing("back in your seat in", with: "back to watching")
        }
        if case .set(let set) = state.gameFields, !current.selection.isEmpty {
            // Picks belong to the board they were made on: when it changes under them (another
            // player's Set, a deal), they are all dropped, so the next letter never completes
            // a claim the player did not make. (Letters name positions, which move.)
            let before: [Int]? = if case .set(let old)? = current.state?.gameFields { old.board.map(\.id) } else { nil }
            if let before, before != set.board.map(\.id) {
                current.selection = []
                current.log(.event("\(Self.boardChange(state.cause, me: me)); your picks were cleared"))
            }
        }
        if case .set(let set) = state.gameFields, case .set(let old)? = current.state?.gameFields, state.phase == .playing,
           set.board.count > old.board.count, old.board.count >= 12 {
            // Three more cards came: by vote, or by the server itself when no Set was left.
            let byVote = state.cause?.command == "deal"
            current.log(.event(byVote ? "three more cards were dealt" : "no Set on the table: the server dealt three more"))
        }
        if let cause = state.cause, cause.kind == StateCause.Kind.command.rawValue, let player = cause.player,
           let command = cause.command, command == "resign" || command == "abort", state.seq > (current.state?.seq ?? -1) {
            let who = player == me ? "you" : player
            current.log(.event(command == "resign" ? "\(who) resigned" : "\(who) aborted the game: no result, no rating change"))
        }
        if state.phase == .playing, let previous = current.state, previous.phase != .playing {
            // A new game: what was said of the last one no longer applies. (A first state, on
            // entering or resuming, starts nothing: "back in your seat" stays.)
            current.result = nil
            current.reveal = nil
            current.lastTakenBy = nil
            current.claims = []
            current.firstFlipFace = nil
            current.leftDuringGame = []
            status = nil
            flash = nil
            // The log above tells of the game before ("game over: robot wins"): a line between
            // them, so it does not read as this game's.
            if previous.phase == .over { current.log(.event("a new game began")) }
        }
        if case .concentration(let before)? = current.state?.gameFields, case .concentration(let after) = state.gameFields,
           state.phase == .playing, before.flips == after.flips, let was = before.turn, let next = after.turn, was != next {
            // The turn passed with no flip: it ran out.
            let who = was == me ? "you" : was
            current.log(.event("\(who) ran out of time; \(next == me ? "your" : next + "'s") turn"))
            current.firstFlipFace = nil
        }
        current.state = state
        current.stateReceivedAt = now
        room = current
        // A game that ended is no longer forfeited by leaving.
        if !isInGame { question = nil }
    }

    private mutating func memberEvent(_ event: MemberEvent, name who: String, role: MemberRole) {
        let watching = role == .spectator
        let text = switch event {
        case .joined: watching ? "\(who) is watching" : "\(who) joined"
        case .left: watching ? "\(who) stopped watching" : "\(who) left"
        case .away: "\(who) is away"
        case .back: "\(who) is back"
        }
        room?.log(.event(text))
    }

    private mutating func gameOver(_ over: GameOver) {
        // The state just before it says what ended it: an abort is no result, not a game left.
        let aborted = over.winners.isEmpty && room?.state?.cause?.command == "abort"
        let verdict = aborted ? "aborted, no result" : Self.describeResult(over, me: me)
        room?.result = over
        room?.log(.event("game over: " + verdict))
        if let ratings = over.ratings, !ratings.isEmpty { room?.log(.event("ratings: " + RatingText.changes(ratings))) }
        if let ended = room, ended.game == "set", !ended.isSolo {
            // Each player's game, as the end of a race is told at a table.
            let players = ended.state?.players.map(\.name) ?? over.scores.map(\.name)
            let told = SetTally.of(ended.claims, players: players).map { $0.sentence(me: me) }
            for sentence in told {
                room?.log(.event(sentence))
            }
        }
    }

    /// A one-seat game's figures ("finished in 3:12 · 27 Sets · 1 wrong · 2 hints"); otherwise who won.
    public static func describeResult(_ over: GameOver, me: String?) -> String {
        guard let summary = over.summary else { return describeWinners(over.winners, me: me) }
        var parts = ["finished in " + Narration.clock(milliseconds: summary.timeMs)]
        let words: [(name: String, one: String, many: String)] = [
            ("sets_found", "Set", "Sets"), ("wrong_claims", "wrong claim", "wrong claims"), ("hints", "hint", "hints"),
            ("moves", "move", "moves"), ("undos", "undo", "undos"),
        ]
        for word in words {
            guard let value = summary.figure(word.name) else { continue }
            parts.append("\(value) \(value == 1 ? word.one : word.many)")
        }
        if let accuracy = summary.figure("accuracy_percent") { parts.append("\(accuracy)% right") }
        if let reaction = summary.figure("mean_reaction_ms") { parts.append("\(reaction) ms an answer") }
        return parts.joined(separator: " · ")
    }

    /// "you win", "ann wins", "ann and bob win"; no winner when every player left.
    static func describeWinners(_ winners: [String], me: String?) -> String {
        switch winners.count {
        case 0: return "no winner: the game was left unfinished"
        case 1: return winners[0] == me ? "you win" : "\(winners[0]) wins"
        default: return winners.map { $0 == me ? "you" : $0 }.joined(separator: " and ") + " win"
        }
    }

    private mutating func roundRevealed(_ reveal: RoundReveal, now: Int) {
        room?.reveal = reveal
        let players = room?.state?.players.map(\.name) ?? reveal.throwsByName.map(\.name)
        let told = Narration.round(reveal, players: players, me: me)
        room?.log(.event(told))
        switch reveal.winner {
        case nil:
            setFlash(reveal.throwsByName.isEmpty ? "nobody threw: round \(reveal.round) again" : "draw: round \(reveal.round) again",
                     tone: .neutral, now: now)
        case me?: setFlash("you win round \(reveal.round)", tone: .good, now: now)
        case let winner?: setFlash("\(winner) wins round \(reveal.round)", tone: .bad, now: now)
        }
    }

    private mutating func claimed(player: String, cardCount: Int, valid: Bool, points: Int, now: Int) {
        let score = points < 0 ? "−\(-points)" : "+\(points)"
        let verdict = valid ? "\(cardCount == 4 ? "UltraSet" : "Set")! \(score)" : "not \(Narration.claimKind(cardCount)) \(score)"
        if player == me {
            setFlash(verdict, tone: valid ? .good : .bad, now: now)
        } else {
            setFlash("\(player): \(verdict)", tone: .neutral, now: now)
        }
    }

    private mutating func hinted(_ cards: [SetCard], now: Int) {
        guard case .set(let set)? = room?.state?.gameFields else { return }
        let letters = cards.compactMap { card in set.board.firstIndex(of: card).map { SetLabels.letter($0, of: set.board.count) } }
        setFlash(letters.isEmpty ? "hint" : "hint: " + letters.joined(separator: ", "), tone: .neutral, now: now)
    }

    private mutating func refused(code: ErrorCode, text: String, command: ClientCommand?, now: Int) -> [Effect] {
        switch code {
        case .stale:
            setFlash(room?.lastTakenBy.map { "too late: \($0) took it" } ?? "too late", tone: .neutral, now: now)
            return []
        case .serverFull:
            // The server closes the connection next: this, not "closed", is the reason to show.
            link = .lost(text)
            return []
        case .badCredentials where askedPasswordAgain && accountName != nil:
            // A password typed again after the session ended: ask once more.
            credentials = nil
            setStatus("that is not the password of \(accountName ?? ""); type it again · Esc quits", tone: .bad, now: now)
            prompt = Prompt(.password)
            return []
        case .badCredentials:
            // The password typed at start was wrong: play on as a guest, by another name.
            credentials = nil
            name = nil
            setStatus("no account has that name and password: start again with --account NAME, or play as a guest", tone: .bad, now: now)
            prompt = Prompt(.name)
            return []
        case .nameTaken where command?.isSignIn == true:
            // A guest's name that an account holds, or a register of a name already taken.
            let tried = credentials?.name ?? name ?? ""
            credentials = nil
            name = nil
            setStatus(
                command?.isRegister == true ? "\(tried) is registered already: pick another name"
                    : "\(tried) is a registered account's name: sign in with --account \(tried), or pick another name",
                tone: .bad, now: now)
            prompt = Prompt(.name)
            return []
        case .badToken where accountName != nil && credentials == nil:
            // The account's kept session ended (signed out elsewhere, its password changed, a
            // server without its data): its password signs in again, never a guest's name.
            session = nil
            room = nil
            askedPasswordAgain = true
            setStatus("the session of \(accountName ?? "") has ended: type its password to sign in again · Esc quits", tone: .bad, now: now)
            prompt = Prompt(.password)
            return [.forgetSession]
        case .badToken:
            // A session in no room ends with its connection: back in the lobby, the name is
            // simply taken again. A seat that is gone is news.
            let hadSeat = room != nil
            session = nil
            room = nil
            setStatus(
                tokenOutlivedRestart ? "the server restarted without keeping your seat; logged in again"
                    : hadSeat ? "your seat is gone (away too long); logged in again" : "connected again; logged in",
                tone: hadSeat || tokenOutlivedRestart ? .bad : .neutral, now: now)
            return [.forgetSession] + logInByName()
        default:
            break
        }
        setStatus(ErrorWords.text(for: code, serverMessage: text), tone: .bad, now: now)
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
