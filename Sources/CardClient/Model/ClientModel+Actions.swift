import Wire
extension ClientModel {
    /// Does what a key asked for.
    /// - Parameters:
    ///   - action: the action from key handling.
    ///   - now: the client's clock in milliseconds.
    /// - Returns: what the app must do outside the model (send, reconnect, quit).
    public mutating func perform(_ action: ClientAction, now: Int) -> [Effect] {
        switch action {
        case .send(let command):
            if case .claim = command { room?.selection = [] }
            // A quick game from the lobby's keys: rated for an account, as the form's default.
            if case .create(var request) = command, account != nil {
                request.rated = true
                return [send(.create(request))]
            }
            return [send(command)]
        case .select(let ids):
            room?.selection = ids
        case .moveCursor(let delta):
            lobby.move(by: delta)
        case .openPrompt(let kind):
            prompt = Prompt(kind)
        case .editPrompt(let text):
            if let kind = prompt?.kind { prompt = Prompt(kind, text: String(text.prefix(kind.limit))) }
        case .editLine(let edit):
            if let open = prompt { prompt = open.applying(edit, limit: open.kind.limit) }
        case .scrollChat(let lines):
            // The view stops at the oldest line; this bound only keeps PgDn from having far to come back.
            let scrolled = max(0, min((room?.chatScroll ?? 0) + lines, RoomModel.chatLimit * 4))
            room?.chatScroll = scrolled
        case .closePrompt:
            prompt = nil
        case .submitPrompt:
            return submitPrompt(now: now)
        case .toggleKeys:
            showsKeys.toggle()
        case .reconnect:
            return reconnectNow()
        case .quit:
            return [.quit]
        case .explain(let text):
            setStatus(text, tone: .neutral, now: now)
        case .form(let edit):
            return editForm(edit)
        case .records(let open):
            guard open else {
                records = nil
                viewer = nil
                return []
            }
            return openRecords()
        case .replay(let action):
            return replayAction(action, now: now)
        case .ask(let asked):
            question = asked
        case .answer(let yes):
            let asked = question
            question = nil
            // No to a challenge is a decline the challenger hears; no elsewhere forgets the question.
            if !yes, case .challenge(let id, _)? = asked { return [send(.challengeDecline(challenge: id, reason: .generic))] }
            guard yes, let asked else { return [] }
            switch asked {
            case .leaveGame: return [send(.leave)]
            case .resignGame: return [send(.resign)]
            case .abortGame: return [send(.abort)]
            case .quitGame: return [.quit]
            case .endSession(let id): return [send(.sessionRevoke(session: id))]
            case .revokeToken(let label): return [send(.tokenRevoke(label: label))]
            case .challenge(let id, _): return [send(.challengeAccept(challenge: id))]
            }
        case .klondike(let play):
            room?.klondike = play
        case .toggleAutoPlay:
            return toggleAutoPlay(now: now)
        case .account(let action):
            return accountAction(action, now: now)
        case .quickPlay(let action):
            return quickPlayAction(action, now: now)
        }
        return []
    }

    private mutating func submitPrompt(now: Int) -> [Effect] {
        guard let prompt else { return [] }
        let text = prompt.kind == .password ? prompt.text : prompt.text.trimmingSpaces
        if text.isEmpty {
            if prompt.kind != .name { self.prompt = nil }
            return []
        }
        if prompt.kind != .name, link != .online {
            // Keep what was typed: it goes once the connection is back.
            setStatus(isOffline ? "not connected: Esc, then r to reconnect; your text stays here" : "still connecting; your text stays here", tone: .bad, now: now)
            return []
        }
        self.prompt = nil
        switch prompt.kind {
        case .name:
            name = text
            if let kept = savedChoices.first(where: { $0.name == text }) {
                savedChoices = []
                return link == .online ? [send(.resume(token: kept.token))] : []
            }
            return link == .online ? [send(.login(name: text))] : []
        case .chat:
            room?.chatScroll = 0
            return [send(.chat(text: text))]
        case .joinCode: return [send(.join(room: text.uppercased()))]
        case .watchCode: return [send(.watch(room: text.uppercased()))]
        case .tokenLabel: return [send(.tokenCreate(label: text, scopes: ["play"]))]
        case .challengeName:
            guard let open = form, let request = open.request else { return [] }
            form = nil
            formMemory = open.memory
            return [.saveForm(open.memory), send(.challenge(ChallengeRequest(name: text, game: request.game, options: request.options, rated: request.rated)))]
        case .password:
            guard let account = accountName else { return [] }
            // Typed as is: spaces at either end are part of a password.
            credentials = AccountCredentials(name: account, password: prompt.text, register: false)
            return [send(.login(.password(name: account, password: prompt.text)))]
        }
    }

    /// Works the new-game form; Enter sends its `create` and remembers its choices.
    private mutating func editForm(_ edit: FormEdit) -> [Effect] {
        if edit == .open {
            // A server that has not sent its catalog (yet) gets the games this client knows.
            form = catalog.isEmpty ? NewGameForm(offered: games, remembered: formMemory) : NewGameForm(offered: catalog, remembered: formMemory)
            form?.signedIn = account != nil
            return []
        }
        guard var open = form else { return [] }
        switch edit {
        case .open: break
        case .close: form = nil
        case .move(let delta): open.move(by: delta)
        case .change(let delta): open.change(by: delta)
        case .type(let digit): open.type(digit)
        case .erase: open.erase()
        case .challenge:
            // A game this client has no view for cannot be played here: no challenge to it.
            guard open.request != nil else { return [] }
            prompt = Prompt(.challengeName)
        case .seek:
            guard let request = open.request else { return [] }
            form = nil
            formMemory = open.memory
            return [.saveForm(open.memory), send(.seek(SeekRequest(game: request.game, options: request.options, rated: request.rated)))]
        case .submit:
            // A game this client has no view for is listed, not created: the form stays open.
            guard let request = open.request else { return [] }
            form = nil
            formMemory = open.memory
            return [.saveForm(open.memory), send(.create(request))]
        }
        if edit != .close { form = open }
        return []
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        var characters = Substring(self)
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        while characters.last?.isWhitespace == true { characters.removeLast() }
        return String(characters)
    }
}
