import GameRules
import Glibc
import Wire

/// `cardbench crash`: the room log's promise, tried the hard way. Set players race in every
/// room; at a random moment the server gets SIGKILL; a new server starts on the same data
/// and every player logs in again with its token. A claim counts as acknowledged once its
/// player heard `claimed` for it (or anyone heard a `state` with its points): a restored
/// room must show at least those points, and a game whose `game_over` was heard must have
/// its replay. Whatever falls short is a lost move.
///
/// For a look at a failure: CRASHBENCH_DEBUG=1 prints every problem as it is seen, and
/// CRASHBENCH_KEEP=1 keeps the server's data folder and log (their paths are printed).
final class CrashBench {
    /// How long one stage (a start, the resumes, the drain after a kill) may take.
    static let stageTimeoutNanoseconds: UInt64 = 15_000_000_000

    private enum Stage: Equatable {
        case waitingWelcome, resuming, unseated, creating, joining, seated, leaving
    }

    private struct Player {
        let table: Int
        let seat: Int
        let name: String
        var fd: Int32 = -1
        var input = LineBuffer()
        var token: String?
        var stage = Stage.waitingWelcome
        /// Seen seated in a game under way since the last start: resumed into it, or in a new one.
        var playing = false
        var claimInFlight = false
        var board: [Int] = []
        var deck = 0
        var dealtOnBoard: [Int] = []
        /// The last lines heard and sent, for the error when a player gets stuck.
        var recent: [String] = []
    }

    private struct Table {
        var code: String?
        var phasePlaying = false
        /// The newest state anyone at the table heard: its `seq` and each player's score.
        var seq = -1
        var heard: [String: Int] = [:]
        /// Games whose `game_over` was heard since the last start, by id, with their scores.
        var finished: [String: [String: Int]] = [:]
        var checkedAfterRestart = false
        var replaysAsked = false
    }

    private let options: CrashOptions
    private var players: [Player] = []
    private var tables: [Table]
    private var generator: SplitMix64
    private var server: Child?
    private var port: UInt16 = 0
    /// Where the server's log goes (a folder of its own, not the server's data).
    private let logPath: String
    private var serverDead = false

    // Figures.
    private var acknowledged = 0
    private var lost = 0
    private var gamesFinished = 0
    private var replaysChecked = 0
    private var replaysMissing = 0
    private var inProgressAtKills = 0
    private var roomsRestored = 0
    private var sessionsResumed = 0
    private var sessionsRefused = 0
    private var firstProblem: String?

    init(_ options: CrashOptions, logDirectory: String) {
        self.options = options
        logPath = logDirectory + "/cardserver.log"
        tables = Array(repeating: Table(), count: options.rooms)
        generator = SplitMix64(seed: UInt64(options.seed))
        for table in 0..<options.rooms {
            for seat in 0..<options.players {
                players.append(Player(table: table, seat: seat, name: "k\(table)s\(seat)"))
            }
        }
    }

    func run() throws(BenchError) {
        try requireOpenFiles(max(players.count, options.restartRooms) + 16)
        guard access(options.binary, X_OK) == 0 else { throw BenchError("--binary \(options.binary): \(errorText(errno))") }
        let data = try TemporaryDirectory()
        defer {
            if keepFiles { writeStandardError("kept the server's data in \(data.path) and its log in \(logPath)\n") } else { data.remove() }
        }
        // Whatever goes wrong, no server outlives the bench.
        defer {
            server?.stop()
            server = nil
        }
        print(
            "crash: \(options.binary), \(options.cycles) cycles, \(options.rooms) rooms of \(options.players) Set players, "
                + "--appendfsync \(options.appendFsync), seed \(options.seed)")
        try start(data: data.path)
        for cycle in 1...options.cycles {
            try connectEveryone()
            try settle()
            let racing = UInt64(30 + generator.seededRandom(below: 571)) * 1_000_000
            try race(for: racing)
            inProgressAtKills += tables.filter { $0.code != nil && $0.phasePlaying }.count
            try killAndDrain()
            try start(data: data.path)
            if cycle % 10 == 0 || cycle == options.cycles {
                print("cycle \(cycle): \(acknowledged) claims acknowledged, \(lost) lost, \(roomsRestored) rooms restored so far")
            }
        }
        // The last start is checked too: everyone resumes once more.
        try connectEveryone()
        try settle()
        closeEveryone()
        server?.stop()
        server = nil
        let (records, twice) = Self.journalRecords(data.path)
        report()
        print("results journal: \(records) games, \(twice) recorded twice")
        if options.restartRooms > 0 { try timeRestart() }
        guard lost == 0, replaysMissing == 0, twice == 0 else {
            throw BenchError(
                "\(lost) acknowledged claims and \(replaysMissing) heard games were lost, \(twice) games recorded twice; first: \(firstProblem ?? "")")
        }
    }

    /// The games in the results journal, and how many of them are there more than once: a
    /// restart that replays a finished game must know it is already recorded.
    static func journalRecords(_ data: String) -> (records: Int, twice: Int) {
        guard let file = fopen(data + "/results.jsonl", "r") else { return (0, 0) }
        defer { fclose(file) }
        var ids = Set<String>()
        var records = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0 {
            guard let line, case .object(let record)? = try? JSONParser.parse(Array(String(cString: line).utf8.dropLast())),
                  let id = record["id"]?.stringValue
            else { continue }
            records += 1
            ids.insert(id)
        }
        free(line)
        return (records, records - ids.count)
    }

    // MARK: - The server

    private var arguments: [String] {
        ["--host", "127.0.0.1", "--port", "0", "--rate", "0", "--max-connections-per-address", "0", "--rooms-per-minute", "0", "--games-per-minute", "0",
         "--failed-joins-per-minute", "0", "--guest-logins-per-minute", "0", "--max-sessions-per-address", "0",
         "--max-rooms", "0", "--appendfsync", options.appendFsync]
    }

    /// Starts the server on `data` and reads its log to the port it listens on. The log goes
    /// to a file (``logPath``): the server writes it as it goes, and would wait on a pipe
    /// nobody reads while the bench waits on the server.
    /// - Returns: the milliseconds from spawn to listening.
    @discardableResult
    private func start(data: String) throws(BenchError) -> Double {
        let begin = monotonicNanoseconds()
        let child = try Child(options.binary, arguments + ["--data", data], captureStandardError: false, standardErrorFile: logPath)
        server = child
        serverDead = false
        let giveUp = begin + Self.stageTimeoutNanoseconds
        while true {
            let log = serverLog()
            if let found = StartupBench.listeningPort(in: log) {
                port = found
                if let count = Self.restoredCount(in: log) { roomsRestored += count }
                return Double(monotonicNanoseconds() - begin) / 1e6
            }
            var status: Int32 = 0
            guard monotonicNanoseconds() < giveUp, waitpid(child.pid, &status, WNOHANG) == 0 else {
                throw BenchError("cardserver did not start: \(log.suffix(500))")
            }
            usleep(1_000)
        }
    }

    /// The log of the server started last, or its last `bytes` bytes.
    private func serverLog(last bytes: Int = 1 << 20) -> String {
        let fd = open(logPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        let size = Int(lseek(fd, 0, SEEK_END))
        let offset = max(0, size - bytes)
        var buffer = [UInt8](repeating: 0, count: size - offset)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    /// N in the log's "restored N rooms from …".
    static func restoredCount(in log: String) -> Int? {
        guard let range = log.firstRange(of: "restored ") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }

    private func killAndDrain() throws(BenchError) {
        guard let child = server else { return }
        kill(child.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
        server = nil
        serverDead = true
        // What the server sent before it died was heard: read every socket to its end.
        let giveUp = monotonicNanoseconds() + Self.stageTimeoutNanoseconds
        for index in players.indices where players[index].fd >= 0 {
            while true {
                guard let bytes = try Self.readBytes(players[index].fd, until: giveUp) else { break }
                try feed(bytes, to: index)
            }
        }
        closeEveryone()
    }

    private func closeEveryone() {
        for index in players.indices where players[index].fd >= 0 {
            close(players[index].fd)
            players[index].fd = -1
            players[index].input = LineBuffer()
        }
    }

    // MARK: - Players

    /// Connects every player and logs it in: with its token when it has one.
    private func connectEveryone() throws(BenchError) {
        guard let address = Loopback.address("127.0.0.1") else { throw BenchError("no loopback address") }
        for index in players.indices {
            players[index].fd = try Self.connect(to: address, port: port)
            players[index].stage = .waitingWelcome
            players[index].playing = false
            players[index].claimInFlight = false
            players[index].board = []
            if let token = players[index].token {
                send(index, #"{"type":"login","token":"\#(token)"}"#)
            } else {
                send(index, #"{"type":"login","name":"\#(players[index].name)"}"#)
            }
        }
        for table in tables.indices {
            tables[table].checkedAfterRestart = false
            tables[table].replaysAsked = false
        }
    }

    /// Reads and answers until every player has sat in a game under way since the start
    /// (games end and begin all the while, so not necessarily all at the same moment).
    private func settle() throws(BenchError) {
        let giveUp = monotonicNanoseconds() + Self.stageTimeoutNanoseconds
        while !players.allSatisfy(\.playing) {
            guard monotonicNanoseconds() < giveUp else {
                writeStandardError("server log:\n\(serverLog(last: 3000))\n")
                let stuck = players.filter { !$0.playing }.prefix(3).map { "\($0.name) \($0.stage) after \($0.recent)" }
                throw BenchError("players did not all sit in games under way within 15 s: \(stuck); \(firstProblem ?? "")")
            }
            try pollOnce(milliseconds: 20)
        }
    }

    /// Plays for `duration`: every player claims a Set of its newest board as soon as it may.
    private func race(for duration: UInt64) throws(BenchError) {
        let end = monotonicNanoseconds() + duration
        for index in players.indices { claim(index) }
        while monotonicNanoseconds() < end {
            try pollOnce(milliseconds: 5)
        }
    }

    private func pollOnce(milliseconds: Int32) throws(BenchError) {
        var fds = players.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0, errno == EINTR { return }
        guard ready >= 0 else { throw .system("poll") }
        for index in fds.indices where fds[index].revents != 0 {
            guard let bytes = try Self.readBytes(players[index].fd, until: 0) else {
                throw BenchError("the server closed the connection of \(players[index].name): \(serverLog(last: 300))")
            }
            try feed(bytes, to: index)
        }
        seatEveryone()
    }

    private func feed(_ bytes: [UInt8], to index: Int) throws(BenchError) {
        var buffer = players[index].input
        players[index].input = LineBuffer()
        var lines: [[UInt8]] = []
        bytes.withUnsafeBytes { raw in buffer.feed(raw) { lines.append(Array($0)) } }
        players[index].input = buffer
        for line in lines {
            guard case .object(let message)? = try? JSONParser.parse(line) else {
                throw BenchError("not JSON to \(players[index].name): \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
            players[index].recent = Array((players[index].recent + ["< " + String(message.jsonText.prefix(120))]).suffix(6))
            received(message, by: index)
        }
    }

    /// One message to one player.
    private func received(_ message: JSONObject, by index: Int) {
        let table = players[index].table
        switch message["type"]?.stringValue {
        case "welcome":
            players[index].token = message["token"]?.stringValue
            if !tables[table].replaysAsked {
                // Every game heard ending has its replay.
                tables[table].replaysAsked = true
                for id in tables[table].finished.keys {
                    send(index, #"{"type":"replay","game":"\#(id)","id":"replay"}"#)
                }
            }
            let room = message["room"]?.stringValue
            if message["resumed"] == .bool(true), let room, room == tables[table].code {
                sessionsResumed += 1
                players[index].stage = .resuming
            } else if room != nil {
                // Back in the room of a game that ended: leave it for a new one.
                players[index].stage = .leaving
                send(index, #"{"type":"leave"}"#)
            } else {
                players[index].stage = .unseated
            }
        case "error":
            let code = message["code"]?.stringValue
            if players[index].stage == .waitingWelcome, code == "bad_token" {
                // The room ended with the game (a finished game is not restored): a new session.
                sessionsRefused += 1
                if tables[table].code != nil, tables[table].phasePlaying {
                    problem("\(players[index].name)'s token was refused though its room was in a game under way")
                }
                players[index].token = nil
                send(index, #"{"type":"login","name":"\#(players[index].name)"}"#)
            } else if message["id"] == .int(0) {
                return
            } else if code == "no_such_room", players[index].stage == .joining {
                // Only a room whose game had not begun can be missing: one under way is restored.
                if tables[table].phasePlaying {
                    problem("\(players[index].name) found no room \(tables[table].code ?? "") though its game was under way")
                }
                tables[table].code = nil
                players[index].stage = .unseated
            } else if code == "not_in_room", players[index].stage == .leaving {
                // The room had closed already (the game ended as the server went down).
                players[index].stage = .unseated
            } else if message["id"] == .int(1) {
                players[index].claimInFlight = false
                claim(index)
            } else if message["id"] == .string("replay") {
                replaysMissing += 1
                problem("a heard game has no replay: \(message.jsonText)")
            } else if code != "illegal_move" {
                problem("\(players[index].name) got \(message.jsonText) after \(players[index].recent.dropLast())")
            }
        case "joined":
            if players[index].stage == .creating, let room = message["room"]?.stringValue {
                tables[table] = Table(code: room, finished: tables[table].finished, checkedAfterRestart: true)
            }
            players[index].stage = .seated
        case "state":
            state(message, index)
        case "claimed":
            if message["id"] == .int(1) {
                players[index].claimInFlight = false
                if message["valid"] == .bool(true) { acknowledged += 1 }
            }
        case "game_over":
            if let id = message["game_id"]?.stringValue, tables[table].finished[id] == nil {
                tables[table].finished[id] = scores(message["scores"])
                gamesFinished += 1
            }
            tables[table].code = nil
            tables[table].phasePlaying = false
            // A player back in a finished game's room hears its game_over after the welcome,
            // and is leaving it already.
            if players[index].stage != .leaving {
                players[index].stage = .leaving
                send(index, #"{"type":"leave"}"#)
            }
        case "left":
            players[index].stage = .unseated
        case "player_left":
            // The partner left this room (its table moved on without it while the server was
            // down): leave too, and the table starts over in a new room.
            guard message["role"]?.stringValue == "player", players[index].stage == .seated else { break }
            if let room = message["room"]?.stringValue, tables[table].code == room {
                tables[table].code = nil
                tables[table].phasePlaying = false
            }
            players[index].stage = .leaving
            send(index, #"{"type":"leave"}"#)
        case "replay":
            replaysChecked += 1
            let id = message["game_id"]?.stringValue ?? ""
            let recorded = scores(message["result"]?.objectValue?["scores"])
            if let heard = tables[table].finished[id], heard != recorded {
                problem("game \(id) was heard ending \(heard), its replay says \(recorded)")
                replaysMissing += 1
            }
            tables[table].finished[id] = nil
        default:
            break
        }
    }

    private func state(_ message: JSONObject, _ index: Int) {
        let table = players[index].table
        guard message["room"]?.stringValue == tables[table].code else { return }
        let seq = message["seq"]?.intValue ?? 0
        let restored = scores(message["players"].map { players in
            .object(JSONObject((players.arrayValue ?? []).compactMap { entry in
                guard let name = entry.objectValue?["name"]?.stringValue, let score = entry.objectValue?["score"] else { return nil }
                return (name, score)
            }))
        })
        if players[index].stage == .resuming {
            players[index].stage = .seated
            if !tables[table].checkedAfterRestart {
                tables[table].checkedAfterRestart = true
                // Every point anyone heard of is in the restored room.
                for (name, heard) in tables[table].heard where (restored[name] ?? 0) < heard {
                    lost += (heard - (restored[name] ?? 0) + 2) / 3
                    problem("\(name) had \(heard) points heard, \(restored[name] ?? 0) after the restart")
                }
                if seq < tables[table].seq { problem("seq went back from \(tables[table].seq) to \(seq)") }
            }
        }
        if seq > tables[table].seq {
            tables[table].seq = seq
            tables[table].heard = restored
        }
        tables[table].phasePlaying = message["phase"]?.stringValue == "playing"
        if tables[table].phasePlaying, players[index].stage == .seated { players[index].playing = true }
        players[index].board = (message["board"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.intValue }
        players[index].deck = message["deck"]?.intValue ?? 0
        claim(index)
    }

    private func scores(_ value: JSONValue?) -> [String: Int] {
        var result: [String: Int] = [:]
        for (name, score) in value?.objectValue?.pairs ?? [] { result[name] = score.intValue ?? 0 }
        return result
    }

    /// Seat 0 makes a room for its table; the others join it once it exists.
    private func seatEveryone() {
        guard !serverDead else { return }
        for index in players.indices where players[index].stage == .unseated {
            let table = players[index].table
            if players[index].seat == 0, tables[table].code == nil {
                players[index].stage = .creating
                send(index, #"{"type":"create","game":"set","seats":\#(options.players)}"#)
            } else if players[index].seat != 0, let code = tables[table].code {
                players[index].stage = .joining
                send(index, #"{"type":"join","room":"\#(code)"}"#)
            }
        }
    }

    /// Claims a Set of the player's newest board, or asks for cards when it holds none.
    private func claim(_ index: Int) {
        let player = players[index]
        guard !serverDead, player.stage == .seated, !player.claimInFlight, tables[player.table].phasePlaying else { return }
        let cards = player.board.compactMap(SetCard.init(id:))
        let sets = SetSolver.sets(on: cards)
        guard !sets.isEmpty else {
            if player.deck > 0, player.dealtOnBoard != player.board {
                players[index].dealtOnBoard = player.board
                send(index, #"{"type":"deal","id":0}"#)
            }
            return
        }
        let chosen = sets[generator.seededRandom(below: sets.count)].map { cards[$0].id }
        players[index].claimInFlight = true
        send(index, #"{"type":"claim","cards":[\#(chosen[0]),\#(chosen[1]),\#(chosen[2])],"id":1}"#)
    }

    /// Sends a line whole (the lines are short; a full socket buffer here would be a bug).
    private func send(_ index: Int, _ line: String) {
        guard !serverDead, players[index].fd >= 0 else { return }
        players[index].recent = Array((players[index].recent + ["> " + line]).suffix(6))
        do {
            try Self.sendWhole(players[index].fd, Array((line + "\n").utf8))
        } catch {
            problem("\(players[index].name) could not send \(line): \(error)")
        }
    }

    /// CRASHBENCH_KEEP set: the data and the log stay for a look.
    private var keepFiles: Bool { getenv("CRASHBENCH_KEEP") != nil }

    private func problem(_ text: String) {
        if getenv("CRASHBENCH_DEBUG") != nil { writeStandardError("problem: \(text)\n") }
        if firstProblem == nil { firstProblem = text }
    }

    // MARK: - Connecting, sending and reading

    /// A connection to the server, once the handshake is done (the sockets are non-blocking).
    static func connect(to address: in_addr, port: UInt16) throws(BenchError) -> Int32 {
        let (fd, connected) = try Loopback.connect(to: address, port: port)
        guard !connected else { return fd }
        var poll = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = Glibc.poll(&poll, 1, Int32(stageTimeoutNanoseconds / 1_000_000)) } while ready < 0 && errno == EINTR
        let code = ready == 1 ? Loopback.connectionError(fd) : ETIMEDOUT
        guard code == 0 else {
            close(fd)
            throw .system("connect(127.0.0.1:\(port))", code)
        }
        return fd
    }

    /// Sends every byte, waiting for room in the socket when it is full.
    static func sendWhole(_ fd: Int32, _ bytes: [UInt8]) throws(BenchError) {
        var offset = 0
        let giveUp = monotonicNanoseconds() + stageTimeoutNanoseconds
        while offset < bytes.count {
            let left = try Loopback.send(fd, bytes, from: offset)
            offset = bytes.count - left
            guard left > 0 else { return }
            guard monotonicNanoseconds() < giveUp else { throw BenchError("a send waited 15 s for room") }
            var poll = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = Glibc.poll(&poll, 1, 100)
        }
    }

    /// What `fd` has, waiting until `deadline` (0: not at all); nil at end of file or past it.
    static func readBytes(_ fd: Int32, until deadline: UInt64) throws(BenchError) -> [UInt8]? {
        var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let now = monotonicNanoseconds()
            let wait = deadline > now ? Int32((deadline - now) / 1_000_000 + 1) : 0
            let ready = Glibc.poll(&poll, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw .system("poll") }
            if ready == 0 { return deadline == 0 ? [] : nil }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count < 0, errno == ECONNRESET { return nil }
            guard count >= 0 else { throw .system("recv") }
            return count == 0 ? nil : Array(buffer[..<count])
        }
    }

    static func readSome(_ fd: Int32, until deadline: UInt64) throws(BenchError) -> String? {
        try readBytes(fd, until: deadline).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - Restart time

    /// Fills a fresh server with `--restart-rooms` one-seat Set rooms, each with a claim or a
    /// deal played, kills it, and times the start that restores them.
    private func timeRestart() throws(BenchError) {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        try start(data: data.path)
        guard let address = Loopback.address("127.0.0.1") else { throw BenchError("no loopback address") }
        var fds: [Int32] = []
        defer { fds.forEach { close($0) } }
        for room in 0..<options.restartRooms {
            let fd = try Self.connect(to: address, port: port)
            fds.append(fd)
            let lines = #"{"type":"login","name":"r\#(room)"}"# + "\n"
                + #"{"type":"create","game":"set","seats":1,"options":{"seed":\#(room)}}"# + "\n"
                + #"{"type":"hint","id":"done"}"# + "\n"
            try Self.sendWhole(fd, Array(lines.utf8))
        }
        // Each room is made and has its move once the hint is answered.
        let giveUp = monotonicNanoseconds() + Self.stageTimeoutNanoseconds
        var answered = Array(repeating: "", count: fds.count)
        var waiting = Set(fds.indices)
        while !waiting.isEmpty {
            guard monotonicNanoseconds() < giveUp else {
                let example = waiting.first.map { String(answered[$0].suffix(300)) } ?? ""
                throw BenchError("\(waiting.count) rooms for the restart were not made in 15 s; one heard: \(example); the server's log: \(serverLog(last: 600))")
            }
            var polled = waiting.map { pollfd(fd: fds[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), 20)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw .system("poll") }
            for entry in polled where entry.revents != 0 {
                guard let index = fds.firstIndex(of: entry.fd), let chunk = try Self.readSome(entry.fd, until: 0) else {
                    throw BenchError("a room for the restart was not made")
                }
                answered[index] += chunk
                if answered[index].contains(#""id":"done""#) { waiting.remove(index) }
            }
        }
        killAndDrainServerOnly()
        let before = roomsRestored
        let milliseconds = try start(data: data.path)
        let restored = roomsRestored - before
        let log = serverLog()
        let own = log.firstRange(of: "restored ").map { String(log[$0.lowerBound...].prefix { $0 != "\n" }) } ?? "nothing restored"
        print("restart with \(options.restartRooms) rooms in progress: \(fixed(milliseconds, digits: 1)) ms from spawn to listening, \(restored) restored")
        print("the server's log: \(own)")
        server?.stop()
        server = nil
        if restored != options.restartRooms {
            throw BenchError("\(restored) of \(options.restartRooms) rooms were restored")
        }
    }

    private func killAndDrainServerOnly() {
        guard let child = server else { return }
        kill(child.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
        server = nil
    }

    // MARK: - Report

    private func report() {
        print("cycles: \(options.cycles)")
        print("games in progress at the kills: \(inProgressAtKills)")
        print("games in progress restored: \(roomsRestored)")
        print("sessions resumed: \(sessionsResumed)")
        print("sessions refused (their game had ended): \(sessionsRefused)")
        print("claims acknowledged: \(acknowledged)")
        print("games finished: \(gamesFinished)")
        print("replays checked: \(replaysChecked)")
        print("heard games missing: \(replaysMissing)")
        print("acknowledged moves lost: \(lost)")
        if let firstProblem { print("first problem: \(firstProblem)") }
    }
}
