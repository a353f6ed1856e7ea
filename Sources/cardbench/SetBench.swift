import CLinux
import GameRules
import Glibc
import SystemCall

/// `cardbench set`: rooms of Set players, each claiming the Sets its own
/// solver finds on `state.board` after a random think time, racing the others
/// to the end of the game.
///
/// All the rooms are filled first; the race starts in every room at once when
/// the last player sees its game playing. A player has at most one claim in
/// flight; its latency runs from the send to the reply with its `id`
/// (`claimed`, or an `error` such as `stale` when another player was faster).
final class SetBench {
    static let setupTimeoutSeconds: UInt64 = 60
    /// How long claims still in flight when the race ends may take to be answered.
    static let drainSeconds: UInt64 = 5
    /// Connections opened but not yet logged in, at most: more at once would
    /// overflow the server's accept backlog and wait out SYN retries.
    static let connectWindow = 256
    /// The `id` of a `deal` request, apart from the claims' ids (1 up).
    static let dealID = 0

    private enum Stage {
        case unopened, connecting, loggingIn, creating, waitingForRoom, joining, seated
    }

    private struct Player {
        let room: Int
        let seat: Int
        var fd: Int32 = -1
        var stage = Stage.unopened
        /// Bytes the socket did not take yet.
        var outbox: [UInt8] = []
        /// Card ids of the board of the newest state, in position order.
        var board: [Int] = []
        var deck = 0
        /// Counts the boards seen, so a player asks to deal once per board.
        var boardVersion = 0
        var dealtOnVersion = -1
        var playing = false
        var thinking = false
        var claimInFlight: Int?
        var claimSentAt: UInt64 = 0
        var nextClaimID = 1
    }

    private struct Room {
        var code: String?
        var finished = false
    }

    private enum Race {
        case setup, racing, draining, done
    }

    private let options: SetOptions
    private let poller: Poller
    private var players: [Player] = []
    private var lines: [LineBuffer] = []
    private var rooms: [Room]
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var timers = DeadlineHeap()
    private var generator: SplitMix64
    private var race = Race.setup
    private var raceStart: UInt64 = 0
    private var raceEnd: UInt64 = 0
    private var deadline: UInt64 = 0

    private var nextToOpen = 0
    private var opening = 0
    private var loggedIn = 0
    private var seated = 0
    private var playing = 0
    private var roomsFinished = 0
    private var claimsSent = 0
    private var claimsAnswered = 0
    private var claimsInFlight = 0
    private var stale = 0
    private var invalid = 0
    private var afterGameOver = 0
    private var dealsAsked = 0
    private var otherErrors = 0
    private var firstOtherError: String?
    private var latencies: [UInt64] = []

    init(_ options: SetOptions) throws(BenchError) {
        self.options = options
        poller = try Poller()
        rooms = Array(repeating: Room(), count: options.rooms)
        generator = SplitMix64(seed: UInt64(options.seed))
        for room in 0..<options.rooms {
            for seat in 0..<options.players {
                players.append(Player(room: room, seat: seat))
                lines.append(LineBuffer())
            }
        }
        latencies.reserveCapacity(options.rooms * options.players * 16)
    }

    /// Fills the rooms, races to the end of every game (or `--seconds`), and prints the figures.
    /// - Throws: ``BenchError`` when a connection fails, setup does not finish,
    ///   or a claim goes unanswered.
    func run() throws(BenchError) {
        guard let address = Loopback.address(options.host) else { throw BenchError("bad address \(options.host)") }
        try requireOpenFiles(players.count)
        print(
            "set: \(options.host):\(options.port), \(options.rooms) rooms of \(options.players) players, "
                + "think 0-\(options.thinkMilliseconds) ms, seed \(options.seed)")
        defer { for player in players where player.fd >= 0 { close(player.fd) } }
        let setupStart = monotonicNanoseconds()
        deadline = setupStart + Self.setupTimeoutSeconds * 1_000_000_000
        try openMore(address)
        while race != .done {
            var now = monotonicNanoseconds()
            if now >= deadline { try deadlinePassed(now) }
            while race == .racing, let player = timers.popDue(now) {
                try think(player)
                now = monotonicNanoseconds()
            }
            var timeout: Int32 = 100
            if let next = timers.next {
                timeout = next <= now ? 0 : Int32(min(100, (next - now + 999_999) / 1_000_000))
            }
            let ready = try poller.wait(milliseconds: timeout)
            for event in 0..<ready {
                try handle(poller.token(event), poller.mask(event))
            }
            if race == .setup { try openMore(address) }
            if race == .setup, playing == players.count {
                startRace(setupStart)
            }
            if race == .racing, roomsFinished == rooms.count {
                endRace()
            }
            if race == .draining, claimsInFlight == 0 {
                race = .done
            }
        }
        // Every connection is still open: the server holds all it held in the race.
        report(ServerMemory.line(pid: options.serverPID))
        guard claimsAnswered == claimsSent else {
            throw BenchError("\(claimsSent - claimsAnswered) of \(claimsSent) claims were never answered")
        }
        if otherErrors > 0 {
            throw BenchError("\(otherErrors) unexpected errors; the first: \(firstOtherError ?? "")")
        }
    }

    private func deadlinePassed(_ now: UInt64) throws(BenchError) {
        switch race {
        case .setup:
            throw BenchError(
                "setup did not finish within \(Self.setupTimeoutSeconds) s: \(loggedIn) of \(players.count) players "
                    + "logged in, \(seated) seated, \(playing) playing")
        case .racing:
            endRace()
        case .draining:
            race = .done
        case .done:
            return
        }
    }

    private func startRace(_ setupStart: UInt64) {
        let now = monotonicNanoseconds()
        print("setup: \(players.count) players seated in \(rooms.count) rooms in \((now - setupStart) / 1_000_000) ms")
        race = .racing
        raceStart = now
        deadline = now + UInt64(options.seconds) * 1_000_000_000
        for player in players.indices { schedule(player) }
    }

    private func endRace() {
        raceEnd = monotonicNanoseconds()
        race = .draining
        deadline = raceEnd + Self.drainSeconds * 1_000_000_000
    }

    /// Opens connections while fewer than ``connectWindow`` are on their way to logging in.
    private func openMore(_ address: in_addr) throws(BenchError) {
        while opening < Self.connectWindow, nextToOpen < players.count {
            let index = nextToOpen
            nextToOpen += 1
            let (fd, _) = try Loopback.connect(to: address, port: options.port)
            players[index].fd = fd
            players[index].stage = .connecting
            opening += 1
            try poller.add(fd, token: index, mask: CLINUX_EPOLL_IN | CLINUX_EPOLL_OUT)
        }
    }

    // MARK: - Events

    private func handle(_ index: Int, _ mask: UInt32) throws(BenchError) {
        let fd = players[index].fd
        if mask & CLINUX_EPOLL_OUT != 0 {
            try writable(index)
        }
        guard mask & (CLINUX_EPOLL_IN | CLINUX_EPOLL_ERR | CLINUX_EPOLL_HUP) != 0, players[index].stage != .connecting else { return }
        let result = scratch.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try Loopback.receive(fd, buffer) }
        }
        switch result {
        case .success(.done(let count)) where count > 0:
            var buffer = lines[index]
            lines[index] = LineBuffer()
            var failure: BenchError?
            scratch.withUnsafeBytes { bytes in
                buffer.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { line in
                    guard failure == nil else { return }
                    do throws(BenchError) { try received(line, by: index) } catch { failure = error }
                }
            }
            lines[index] = buffer
            if let failure { throw failure }
        case .success(.wouldBlock): return
        case .success(.done): throw BenchError("the server closed the connection of \(name(index))")
        case .failure(let error): throw BenchError(error.description)
        }
    }

    private func writable(_ index: Int) throws(BenchError) {
        let player = players[index]
        if player.stage == .connecting {
            let code = Loopback.connectionError(player.fd)
            guard code == 0 else { throw .system("connect(\(options.host):\(options.port))", code) }
            try poller.modify(player.fd, token: index, mask: CLINUX_EPOLL_IN)
            players[index].stage = .loggingIn
            try send(index, "{\"type\":\"login\",\"name\":\"\(name(index))\"}\n")
            return
        }
        guard !player.outbox.isEmpty else { return }
        players[index].outbox = []
        try send(index, player.outbox)
        if players[index].outbox.isEmpty { try poller.modify(player.fd, token: index, mask: CLINUX_EPOLL_IN) }
    }

    /// A line from the server to `index`.
    private func received(_ line: UnsafeRawBufferPointer, by index: Int) throws(BenchError) {
        switch ServerLine.kind(line) {
        case .welcome:
            loggedIn += 1
            opening -= 1
            if players[index].seat == 0 {
                players[index].stage = .creating
                // The server takes a chosen seed in one-seat rooms only; rooms with more
                // seats deal from a secret seed of the server's.
                let seed = options.players == 1 ? ",\"options\":{\"seed\":\(options.seed + players[index].room)}" : ""
                try send(index, "{\"type\":\"create\",\"game\":\"set\",\"seats\":\(options.players)\(seed)}\n")
            } else if let code = rooms[players[index].room].code {
                try join(index, code)
            } else {
                players[index].stage = .waitingForRoom
            }
        case .joined:
            seated += 1
            let room = players[index].room
            if players[index].stage == .creating {
                guard let code = ServerLine.string("room", in: line) else { throw unexpected(line, index) }
                rooms[room].code = code
                let first = room * options.players
                for other in (first + 1)..<(first + options.players) where players[other].stage == .waitingForRoom {
                    try join(other, code)
                }
            }
            players[index].stage = .seated
        case .state:
            try state(line, index)
        case .claimed:
            guard let id = ServerLine.trailingID(line), id == players[index].claimInFlight else { return }
            if ServerLine.find(Self.invalidMark, in: line) != nil { invalid += 1 }
            answered(index)
        case .error:
            let id = ServerLine.trailingID(line)
            if id == Self.dealID { return }
            guard let id, id == players[index].claimInFlight else {
                noteOtherError(line, index)
                if race == .setup { throw unexpected(line, index) }
                return
            }
            switch ServerLine.string("code", in: line) {
            case "stale": stale += 1
            case "game_over": afterGameOver += 1
            default: noteOtherError(line, index)
            }
            answered(index)
        case .gameOver:
            let room = players[index].room
            if !rooms[room].finished {
                rooms[room].finished = true
                roomsFinished += 1
            }
        case .hello, .ok, .other:
            return
        }
    }

    private static let invalidMark = Array("\"valid\":false".utf8)

    private func state(_ line: UnsafeRawBufferPointer, _ index: Int) throws(BenchError) {
        var board = players[index].board
        players[index].board = []
        guard ServerLine.board(line, into: &board) else { throw unexpected(line, index) }
        players[index].board = board
        players[index].boardVersion += 1
        players[index].deck = ServerLine.integer(ServerLine.deckKey, in: line) ?? 0
        guard ServerLine.find(ServerLine.phasePlaying, in: line) != nil else { return }
        if !players[index].playing {
            players[index].playing = true
            playing += 1
        }
        if race == .racing { schedule(index) }
    }

    private func answered(_ index: Int) {
        latencies.append(monotonicNanoseconds() - players[index].claimSentAt)
        players[index].claimInFlight = nil
        claimsAnswered += 1
        claimsInFlight -= 1
        if race == .racing { schedule(index) }
    }

    // MARK: - Playing

    /// Starts the player thinking, unless it is already, or waits for a claim's answer.
    private func schedule(_ index: Int) {
        let player = players[index]
        guard !player.thinking, player.claimInFlight == nil, !rooms[player.room].finished else { return }
        players[index].thinking = true
        let think = UInt64(generator.seededRandom(below: options.thinkMilliseconds * 1_000 + 1)) * 1_000
        timers.insert(index, at: monotonicNanoseconds() + think)
    }

    /// The think time is over: claim a Set of the newest board, or ask for more cards when it holds none.
    private func think(_ index: Int) throws(BenchError) {
        players[index].thinking = false
        let player = players[index]
        guard player.claimInFlight == nil, !rooms[player.room].finished else { return }
        let cards = player.board.compactMap(SetCard.init(id:))
        let sets = SetSolver.sets(on: cards)
        guard !sets.isEmpty else {
            // The server deals by itself when the board holds no Set: this
            // board is likely already replaced, so ask once per board.
            if player.deck > 0, player.dealtOnVersion != player.boardVersion {
                players[index].dealtOnVersion = player.boardVersion
                dealsAsked += 1
                try send(index, "{\"type\":\"deal\",\"id\":\(Self.dealID)}\n")
            }
            return
        }
        let chosen = sets[generator.seededRandom(below: sets.count)].map { cards[$0].id }
        let id = player.nextClaimID
        players[index].nextClaimID += 1
        players[index].claimInFlight = id
        claimsSent += 1
        claimsInFlight += 1
        players[index].claimSentAt = monotonicNanoseconds()
        try send(index, "{\"type\":\"claim\",\"cards\":[\(chosen[0]),\(chosen[1]),\(chosen[2])],\"id\":\(id)}\n")
    }

    // MARK: - Output

    private func join(_ index: Int, _ code: String) throws(BenchError) {
        players[index].stage = .joining
        try send(index, "{\"type\":\"join\",\"room\":\"\(code)\"}\n")
    }

    private func send(_ index: Int, _ text: String) throws(BenchError) {
        try send(index, Array(text.utf8))
    }

    /// Sends `bytes` after anything still waiting; what the socket does not take waits for EPOLLOUT.
    private func send(_ index: Int, _ bytes: [UInt8]) throws(BenchError) {
        let fd = players[index].fd
        guard players[index].outbox.isEmpty else {
            players[index].outbox += bytes
            return
        }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try Loopback.send(fd, raw.baseAddress!, raw.count) }
        }
        let taken: Int
        switch result {
        case .success(.done(let count)): taken = count
        case .success(.wouldBlock): taken = 0
        case .failure(let error): throw BenchError(error.description)
        }
        guard taken < bytes.count else { return }
        players[index].outbox = Array(bytes[taken...])
        try poller.modify(fd, token: index, mask: CLINUX_EPOLL_IN | CLINUX_EPOLL_OUT)
    }

    // MARK: - Report

    private func name(_ index: Int) -> String {
        "b\(players[index].room)p\(players[index].seat)"
    }

    private func unexpected(_ line: UnsafeRawBufferPointer, _ index: Int) -> BenchError {
        BenchError("unexpected line to \(name(index)): \(String(decoding: line.prefix(300), as: UTF8.self))")
    }

    private func noteOtherError(_ line: UnsafeRawBufferPointer, _ index: Int) {
        otherErrors += 1
        if firstOtherError == nil { firstOtherError = String(decoding: line.prefix(300), as: UTF8.self) }
    }

    private func report(_ memory: String?) {
        let seconds = Double(raceEnd - raceStart) / 1e9
        print("rooms finished: \(roomsFinished) of \(rooms.count)")
        print("race time: \(fixed(seconds, digits: 2)) s")
        print("claims sent: \(claimsSent)")
        print("claims answered: \(claimsAnswered)")
        print("stale: \(stale)")
        print("invalid: \(invalid)")
        print("after game over: \(afterGameOver)")
        print("deals asked: \(dealsAsked)")
        print("other errors: \(otherErrors)")
        print("claims/s: \(fixed(seconds > 0 ? Double(claimsAnswered) / seconds : 0, digits: 0))")
        if latencies.isEmpty {
            print("claim latency: no claim was answered")
        } else {
            percentileLines("claim latency", Timings(nanoseconds: latencies)).forEach { print($0) }
        }
        if let memory { print(memory) }
    }
}
