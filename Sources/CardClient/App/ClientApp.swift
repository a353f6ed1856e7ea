import Glibc
import Wire

/// The client's event loop: one thread, one `poll` over the keyboard, the server socket and the
/// signal pipe, with a tick for countdowns and flashes. Keys and server lines go through the
/// pure model and key handling; the screen is redrawn from the model after each turn.
public final class ClientApp {
    /// How often the loop wakes with nothing to do, in milliseconds.
    static let tickMilliseconds: Int32 = 250
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    static let escapeMilliseconds: Int32 = 30
    /// How long a connect may take before it counts as failed, in milliseconds.
    static let connectTimeoutMilliseconds = 10_000

    private let options: ClientOptions
    private let color: Bool
    private var model: ClientModel
    private let terminal = RawTerminal()
    private var connection: ServerConnection?
    private var connectStarted = 0
    private var decoder = KeyDecoder()
    /// When the decoder began holding bytes that may be a lone Escape.
    private var escapeSince: Int?
    private var frame = FrameWriter()
    /// The model and size of the last frame drawn; nil forces the next draw.
    private var drawn: (model: ClientModel, size: ScreenSize)?
    private var size = ScreenSize(width: 80, height: 24)
    private var running = true
    private var endingSignal: Int32?
    /// Where sessions are kept between runs; nil when there is no home to keep them in.
    private let sessions: SessionStore?
    /// Where the new-game form's choices are kept, beside the sessions.
    private let formMemory: FormMemory?
    /// Where each room's chat is kept, beside the sessions.
    private let chats: ChatStore?
    /// Where the player's settings are kept, beside the sessions.
    private let settings: SettingsStore?
    /// The room and chat as last written, so an unchanged chat is not written again.
    private var savedChat: (room: String, chat: [ChatLine])?
    /// When the chat was last written: at most once a second.
    private var chatSavedAt = 0

    /// Makes the app from the command line and the environment (`USER`, `TERM`, `NO_COLOR`, and
    /// `XDG_STATE_HOME` or `HOME` for the kept sessions).
    public init(options: ClientOptions, environment: [String: String]) {
        self.options = options
        color = ColorPolicy.colorEnabled(
            outputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: environment, noColorFlag: options.noColor)
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        let address = "\(host):\(options.port)"
        let state = SessionStore.defaultDirectory(environment: environment)
        sessions = state.map(SessionStore.init(directory:))
        formMemory = state.map(FormMemory.init(directory:))
        chats = state.map(ChatStore.init(directory:))
        settings = state.map(SettingsStore.init(directory:))
        // A kept session is this player's only if no other name was asked for. An account's
        // token in the environment (a bot's, a script's) comes first.
        var wanted = options.loginName(environment: environment)
        let fromEnvironment = environment["CARDCLIENT_TOKEN"].flatMap { $0.isEmpty ? nil : SavedSession(name: wanted ?? "", token: $0, serverStartedMs: nil) }
        // Started without --name or --account beside players kept for this server: the name
        // prompt offers them (USER's, or the only one, already typed: Enter takes its seat
        // back) and never takes a seat unasked, so a second client on one machine is a second
        // player, not the first one's replacement. With none kept, USER is the name as before.
        let store = state.map(SessionStore.init(directory:))
        var choices: [SavedSession] = []
        if fromEnvironment == nil, options.name == nil, options.account == nil {
            choices = store?.all(server: address) ?? []
        }
        var prefill = ""
        if !choices.isEmpty {
            prefill = choices.first { $0.name == wanted }?.name ?? (choices.count == 1 ? choices[0].name : "")
            wanted = nil
        }
        let kept = fromEnvironment ?? wanted.flatMap { store?.load(server: address, name: $0) }
        model = ClientModel(serverAddress: address, name: wanted, destination: options.destination, saved: kept)
        model.savedChoices = choices
        model.accountName = options.account
        model.namePrefill = prefill
        if let remembered = formMemory?.load() { model.formMemory = remembered }
        if let kept = chats?.load(server: address) { model.restoredChats = kept }
        if let kept = settings?.load() { model.settings = kept }
    }

    /// Runs until the player quits or a signal ends the client; the terminal is restored either way.
    /// - Returns: the exit status: 0; 69 (EX_UNAVAILABLE) when the server cannot be reached, said in
    ///   one line on stderr before the screen is taken; 1 when the terminal cannot be used.
    public func run() -> Int32 {
        if let account = options.account, model.saved == nil {
            // Asked before the screen is taken, on the terminal, without echo.
            guard let password = PasswordPrompt.read("Password for \(account): ") else {
                Output.error("cardclient: --account needs a password, typed on a terminal\n")
                return 64
            }
            if options.register {
                guard PasswordPrompt.read("The same password again: ") == password else {
                    Output.error("cardclient: the two passwords differ; nothing was registered\n")
                    return 64
                }
            }
            model.credentials = AccountCredentials(name: account, password: password, register: options.register)
        }
        do {
            let first = try openConnection()
            try first.waitUntilConnected(timeoutMilliseconds: Self.connectTimeoutMilliseconds)
            connection = first
        } catch {
            Output.error("cardclient: \(error.reason)\n")
            return 69
        }
        let signals: SignalWatcher
        do {
            signals = try SignalWatcher()
            try terminal.enter()
        } catch {
            Output.error("Error: \(error.description)\n")
            return 1
        }
        size = ScreenSize.ofTerminal() ?? size
        while running && !Output.terminalLost {
            turn(signals)
        }
        terminal.leave()
        if let endingSignal { SignalWatcher.dieByDefaultAction(endingSignal) }
        return 0
    }

    /// One turn of the loop: tick, draw, wait, then handle whatever is ready.
    private func turn(_ signals: SignalWatcher) {
        let now = Clock.now()
        perform(model.tick(now: now))
        saveChatIfChanged(now: now)
        if let connection, connection.isConnecting, now - connectStarted > Self.connectTimeoutMilliseconds {
            self.connection = nil
            model.connectionLost("no answer from \(model.serverAddress)", now: Clock.now())
        }
        draw(now: now)

        let polled = connection
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        if let polled { fds.append(pollfd(fd: polled.fd, events: polled.pollEvents, revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), decoder.hasPending ? Self.escapeMilliseconds : Self.tickMilliseconds)
        if ready > 0 {
            if fds[1].revents != 0 { handle(signals.drain()) }
            if fds[0].revents != 0 { readKeyboard() }
            // A key may have replaced the connection; the old one's events no longer matter.
            if let polled, polled === connection, fds[2].revents != 0 { readServer(polled, revents: fds[2].revents) }
        }
        if let since = escapeSince, Clock.now() - since >= Int(Self.escapeMilliseconds) {
            escapeSince = nil
            keys(decoder.flush())
        }
    }

    /// Writes the room's chat when it changed, at most once a second (losing the last second of
    /// it to a crash costs little; writing on every line of a busy room costs more).
    private func saveChatIfChanged(now: Int) {
        guard let chats, let room = model.room, !room.chat.isEmpty, now - chatSavedAt >= 1000 else { return }
        if let savedChat, savedChat.room == room.code, savedChat.chat == room.chat { return }
        chatSavedAt = now
        savedChat = (room.code, room.chat)
        // A chat that cannot be kept is only missed after a restart: not worth a message.
        try? chats.save(room.chat, server: model.serverAddress, room: room.code)
    }

    private func draw(now: Int) {
        model.screenWidth = size.width
        model.screenHeight = size.height
        if let drawn, drawn.model == model, drawn.size == size, !ScreenRenderer.isTimed(model) { return }
        drawn = (model, size)
        let lines = ScreenRenderer.render(model, size: size, color: color, now: now)
        let update = frame.update(to: lines, color: color)
        if !update.isEmpty { Output.write(update) }
    }

    /// Forgets the screen: the next frame is drawn whole.
    private func invalidate() {
        frame.invalidate()
        drawn = nil
    }

    /// Restores the terminal, stops until the shell continues us, then redraws.
    private func suspend() {
        terminal.suspend()
        size = ScreenSize.ofTerminal() ?? size
        invalidate()
    }

    private func handle(_ signals: [Int32]) {
        for signal in signals {
            switch signal {
            case SIGWINCH, SIGCONT:
                size = ScreenSize.ofTerminal() ?? size
                invalidate()
            case SIGTSTP:
                suspend()
            default:
                endingSignal = signal
                running = false
            }
        }
    }

    private func readKeyboard() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            // The terminal is gone (hangup): nothing more can be typed or shown.
            running = false
            return
        }
        keys(decoder.feed(Array(buffer[..<count])))
        escapeSince = decoder.hasPending ? escapeSince ?? Clock.now() : nil
    }

    private func keys(_ keys: [Key]) {
        for key in keys where running {
            switch key {
            case .control("z"):
                suspend()
            case .control("l"):
                invalidate()
            default:
                let now = Clock.now()
                for action in KeyRouter.actions(for: key, in: model) {
                    perform(model.perform(action, now: now))
                }
            }
        }
    }

    private func readServer(_ connection: ServerConnection, revents: Int16) {
        do {
            for line in try connection.handle(revents: revents) {
                perform(model.apply(serverLine: line, now: Clock.now()))
            }
        } catch {
            self.connection = nil
            model.connectionLost(error.reason, now: Clock.now())
        }
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .transmit(let line):
                do {
                    try connection?.send(line)
                } catch {
                    connection = nil
                    model.connectionLost(error.reason, now: Clock.now())
                }
            case .reconnect:
                connect()
            case .saveSession(let session):
                do {
                    try sessions?.save(session, server: model.serverAddress)
                } catch {
                    model.setStatus("your seat is not kept for next time: \(error.description)", tone: .bad, now: Clock.now())
                }
            case .forgetSession:
                if let name = model.name { try? sessions?.remove(server: model.serverAddress, name: name) }
            case .saveForm(let memory):
                // Losing the form's memory costs only a few keys next time: not worth a message.
                try? formMemory?.save(memory)
            case .saveSettings(let chosen):
                do {
                    try settings?.save(chosen)
                } catch {
                    model.setStatus("the setting is not kept for next time: \(error.description)", tone: .bad, now: Clock.now())
                }
            case .quit:
                running = false
            }
        }
    }

    private func connect() {
        connection = nil
        model.link = .connecting
        connectStarted = Clock.now()
        do {
            connection = try openConnection()
        } catch {
            model.connectionLost(error.reason, now: Clock.now())
        }
    }

    /// Connects and speaks first: a `ping` queued before the handshake ends makes the server
    /// greet at once, where a silent client waits out the greeting delay (50 ms, or 3 s from
    /// an address that just loaded the web client). The `pong` is not shown.
    private func openConnection() throws(ServerConnection.Closed) -> ServerConnection {
        let opened = try ServerConnection(host: options.host, port: options.port)
        try opened.send(ClientRequest(command: .ping).jsonText)
        return opened
    }
}
