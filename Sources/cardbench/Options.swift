import Wire

/// The command line of `cardbench`, parsed by hand (the project takes no packages).
enum Options {
    static let usage = """
        USAGE: cardbench ping --port N [--host ADDR] [--connections N] [--seconds N] [--pipeline N] [--protocol cardserver|redis] [--websocket] [--server-pid PID]
               cardbench set --port N [--host ADDR] [--rooms N] [--players N] [--seconds N] [--think-ms N] [--seed N] [--server-pid PID]
               cardbench idle --port N [--host ADDR] [--connections N] [--seconds N] [--websocket] [--server-pid PID]
               cardbench startup --binary PATH [--runs N] [--redis PATH] [--results N]
                                 [--accounts N]
               cardbench solver [--rounds N]
               cardbench klondike-solver [--draw 1|3] [--deals N] [--budget-ms M] [--threads 1|2] [--json]
               cardbench klondike-solver --solution SEED [--draw 1|3] [--budget-ms M] [--threads 1|2]
               cardbench klondike-hints [--draw 1|3] [--deals N]
               cardbench crash --binary PATH [--cycles N] [--rooms N] [--players N] [--restart-rooms N] [--appendfsync P] [--seed N]
               cardbench attack --port N [--host ADDR] [--seconds N] [--only ATTACK] [--skip ATTACK] [--innocent-from ADDR] [--format table|json] [--server-pid PID] [--pool-players N]
               cardbench journal --data DIR [--results N] [--seed N]
               cardbench pools [--waiting N] [--rounds N] [--seed N]
               cardbench --version | -h | --help
        """

    // Here, not in main.swift: the globals of main.swift are set only when it runs, never in tests.
    static let version = SuiteVersion.number
    static let defaultHost = "127.0.0.1"
    static let defaultRounds = 100_000

    static let help = """
        cardbench: load generator and benchmarks for cardserver (and redis-server, for comparison).
        It loads this machine only: every address is a loopback one.

        \(usage)

        MODES:
          ping      Connections each run a closed loop: one request, wait for its reply, the next;
                    with --pipeline N, N requests in one write, wait for all N replies, the next N.
                    cardserver: {"type":"ping"} -> pong; redis: inline PING -> +PONG; with
                    --websocket, cardserver's ping and pong as text frames over /ws.
                    Prints requests/s (every reply counts) and p50/p99/p999 latency (a batch's,
                    from its write to its last reply) after a \(PingBench.warmUpSeconds) s warm-up.
          set       Rooms of Set players, each claiming the Sets its own solver finds after a random
                    think time, racing the others to the end of the game. Prints claims answered,
                    stale claims, claims/s and p50/p99/p999 claim latency.
                    Start the server with --rate 0 (or a high --rate): players claim fast; and
                    --rooms-per-minute 0 --games-per-minute 0 --max-connections-per-address 0
                    --guest-logins-per-minute 0 --max-sessions-per-address 0: every player is 127.0.0.1.
          idle      Logged-in connections held open (with --websocket, WebSockets that answer the
                    server's pings). Prints the time to establish them and the server's RSS before and after.
          startup   Starts the server again and again; prints the time from spawn to a first reply
                    (cardserver: hello; redis-server: +PONG). With --results N, cardserver starts
                    on a results journal of N made-up games, and its RSS and CPU time once it
                    has said hello are printed too.
          solver    Time SetSolver.sets(on:) on seeded random 12- and 21-card boards,
                    against a naive triple loop on the same boards
          klondike-solver Solves Klondike deals 1-N (shuffled from each seed as the server deals them)
                    with every card known; prints the fractions winnable / not winnable / unknown
                    within the budget and the time a deal p50/p99/max (--json: one object). With
                    --solution SEED, prints that deal's winning moves, one protocol command a line,
                    to send in a one-seat room created with that seed and draw.
          klondike-hints Plays Klondike deals 1-N by the server's hints alone (in process: the
                    server's KlondikeHinter, without a socket); prints the deals won and the
                    time a hint took p50/p99/max.
          crash     Starts the server (--binary) on a fresh data folder and, --cycles times, races
                    Set players in --rooms rooms, SIGKILLs the server at a random moment, starts it
                    again on the same data and resumes every player by token. Prints the cycles,
                    the games in progress restored, the claims acknowledged and how many of those
                    were lost (exits 1 unless 0), then the restart time with --restart-rooms
                    rooms in progress.
          attack    Each attack of issues 11 and 30 (\(AttackBench.attacks.map(\.name).joined(separator: ", ")))
                    from 127.1.N.x while an innocent client, from --innocent-from, pings and plays.
                    Prints per attack the innocent's ping p50/p99/max, whether it was cut off, and
                    what the attacker got. Start the server with its default options, on a
                    data folder that cardbench journal filled (the leaderboard attack needs it).
                    With --server-pid, spectators (issue 26) also prints the server's RSS before,
                    at the peak and a minute after the spectators left.
          pools     Times one wave of a quick-pairing pool as the server's loop does it, in
                    process: --waiting players (ratings 1500 ± 300) in a two-seat and a four-seat
                    pool. Prints the wave's time p50/max, the tables made and their rating gap.
          journal   Writes a results journal of --results made-up games (\(JournalFile.playerCount) players;
                    Klondike, Set, rps, concentration, daily deals) to DIR/results.jsonl, for a
                    server to start on.

        OPTIONS:
          --port N              The server's TCP port (ping, set, idle; required)
          --host ADDR           The server's loopback IPv4 address (default: \(defaultHost))
          --connections N       Connections (default: ping \(PingOptions.defaultConnections), idle \(IdleOptions.defaultConnections))
          --seconds N           ping: seconds measured; idle: seconds held; set: bound on the race;
                                attack: seconds each attack runs, spectators at least \(Attacks.spectatorSeconds)
                                (default: ping \(PingOptions.defaultSeconds), idle \(IdleOptions.defaultSeconds), set \(SetOptions.defaultSeconds), attack \(AttackOptions.defaultSeconds))
          --pipeline N          ping: requests a connection sends in one write before it waits for
                                their replies, 1-\(PingOptions.maxPipeline) (default: \(PingOptions.defaultPipeline))
          --protocol P          ping: cardserver or redis (default: cardserver)
          --server-pid PID      Read the server's RSS from /proc/PID/status (attack: spectators resets
                                its peak through /proc/PID/clear_refs, and waits a minute after the
                                spectators leave to read it again)
          --rooms N             set: rooms (default: \(SetOptions.defaultRooms))
          --players N           set: players a room, 2-8 (default: \(SetOptions.defaultPlayers))
          --think-ms N          set: a player thinks 0 to N ms before each claim (default: \(SetOptions.defaultThinkMilliseconds))
          --seed N              set: seeds the think times, and the deals of one-player rooms; journal: seeds
                                the games (default: \(SetOptions.defaultSeed))
          --binary PATH         startup: the cardserver binary
          --runs N              startup: starts of each server (default: \(StartupOptions.defaultRuns))
          --redis PATH          startup: also time this redis-server binary
          --results N           startup: the journal's games, 0 for none (default: 0);
                                journal: the games written (default: \(JournalOptions.defaultResults))
          --accounts N          startup: accounts (each with a session) in accounts.log (default: 0)
          --data DIR            journal: the data folder to write results.jsonl into (made if missing)
          --waiting N           pools: players waiting in the pool (default: \(PoolWaveOptions.defaultWaiting))
          --rounds N            solver: boards measured per board size (default: \(defaultRounds));
                                pools: waves timed (default: \(PoolWaveOptions.defaultRounds))
          --draw N              klondike-solver: cards a draw turns, 1 or 3 (default: 1)
          --deals N             klondike-solver: deals solved (default: \(KlondikeSolverOptions.defaultDeals))
          --budget-ms M         klondike-solver: time allowed a deal (default: \(KlondikeSolverOptions.defaultBudgetMilliseconds))
          --threads N           klondike-solver: 1, or 2 to search for a win and for a proof side by side (default: 2 with two cores)
          --solution SEED       klondike-solver: print this deal's winning moves instead
          --json                klondike-solver: print one JSON object
                                klondike-hints takes --draw (default 1) and --deals (default: \(KlondikeHintOptions.defaultDeals))
          --cycles N            crash: kills and restarts (default: \(CrashOptions.defaultCycles))
          --restart-rooms N     crash: rooms in progress when the restart is timed (default: \(CrashOptions.defaultRestartRooms))
          --appendfsync P       crash: the server's --appendfsync, always, everysec or no (default: everysec)
          --only ATTACK         attack: run this attack only
          --skip ATTACK         attack: run every attack but this one
          --innocent-from ADDR  attack: the innocent client's loopback address (default: \(AttackOptions.defaultInnocentSource))
          --format F            attack: table or json, one object a line (default: table)
          --pool-players N      attack: pool-wave's players, 50 an address (default: \(AttackOptions.defaultPoolPlayers);
                                10,000 needs the server's --max-rooms 5001 and --max-clients 10100, and --seconds 60)
          --version             Print the version and exit
          -h, --help            Print this help and exit

        Exit status: 0 on success, 64 for bad arguments, 1 when a benchmark fails.
        """

    /// The exit status for a command line that cannot be run (BSD `EX_USAGE`).
    static let usageStatus: Int32 = 64

    /// A benchmark to run.
    enum Benchmark: Equatable {
        case solver(rounds: Int)
        case ping(PingOptions)
        case set(SetOptions)
        case idle(IdleOptions)
        case startup(StartupOptions)
        case attack(AttackOptions)
        case klondikeSolver(KlondikeSolverOptions)
        case klondikeHints(KlondikeHintOptions)
        case pools(PoolWaveOptions)
        case crash(CrashOptions)
        case journal(JournalOptions)
    }

    /// What the command line asks for.
    enum Request: Equatable {
        case run(Benchmark)
        case help
        case version
    }

    /// What `main` does with a command line: run a benchmark, or print and exit.
    enum Outcome: Equatable {
        case run(Benchmark)
        case exit(status: Int32, output: String, error: String)
    }

    struct ParseError: Error, Equatable {
        let message: String
    }

    /// The whole answer to a command line: help and version print and exit 0,
    /// a bad command line prints `Error: …` and the usage on stderr and exits 64.
    static func outcome(of arguments: [String]) -> Outcome {
        do {
            switch try parse(arguments) {
            case .run(let benchmark): return .run(benchmark)
            case .help: return .exit(status: 0, output: help + "\n", error: "")
            case .version: return .exit(status: 0, output: "cardbench \(version)\n", error: "")
            }
        } catch {
            return .exit(status: usageStatus, output: "", error: "Error: \(error.message)\n\(usage)\n")
        }
    }

    /// The modes and the options each accepts.
    static let modes: [(name: String, options: Set<String>)] = [
        ("ping", ["--port", "--host", "--connections", "--seconds", "--pipeline", "--protocol", "--websocket", "--server-pid"]),
        ("set", ["--port", "--host", "--rooms", "--players", "--seconds", "--think-ms", "--seed", "--server-pid"]),
        ("idle", ["--port", "--host", "--connections", "--seconds", "--websocket", "--server-pid"]),
        ("startup", ["--binary", "--runs", "--redis", "--results", "--accounts"]),
        ("solver", ["--rounds"]),
        ("klondike-solver", ["--draw", "--deals", "--budget-ms", "--threads", "--solution", "--json"]),
        ("klondike-hints", ["--draw", "--deals"]),
        ("attack", ["--port", "--host", "--seconds", "--only", "--skip", "--innocent-from", "--format", "--server-pid", "--pool-players"]),
        ("crash", ["--binary", "--cycles", "--rooms", "--players", "--restart-rooms", "--appendfsync", "--seed"]),
        ("journal", ["--data", "--results", "--seed"]),
        ("pools", ["--waiting", "--rounds", "--seed"]),
    ]

    /// The options that take no value.
    static let flags: Set<String> = ["--json", "--websocket"]

    /// Reads a command line: a mode, then its options, each with a value.
    /// - Throws: ``ParseError`` naming the first thing wrong.
    static func parse(_ arguments: [String]) throws(ParseError) -> Request {
        var remaining = arguments[...]
        let names = modes.map(\.name).joined(separator: ", ")
        guard let mode = remaining.popFirst() else { throw ParseError(message: "name a mode: \(names)") }
        switch mode {
        case "-h", "--help": return .help
        case "--version": return .version
        default: break
        }
        guard let accepted = modes.first(where: { $0.name == mode })?.options else {
            throw ParseError(message: "unknown mode '\(mode)'; the modes are: \(names)")
        }
        var values = Values(mode: mode)
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            default:
                guard accepted.contains(argument) else {
                    throw ParseError(message: "unknown option '\(argument)' for \(mode)")
                }
                if flags.contains(argument) {
                    values.flags.insert(argument)
                    continue
                }
                guard let value = remaining.popFirst() else { throw ParseError(message: "\(argument) needs a value") }
                values.given[argument] = value
            }
        }
        switch mode {
        case "ping": return .run(.ping(try PingOptions(values)))
        case "set": return .run(.set(try SetOptions(values)))
        case "idle": return .run(.idle(try IdleOptions(values)))
        case "startup": return .run(.startup(try StartupOptions(values)))
        case "attack": return .run(.attack(try AttackOptions(values)))
        case "klondike-solver": return .run(.klondikeSolver(try KlondikeSolverOptions(values)))
        case "klondike-hints": return .run(.klondikeHints(try KlondikeHintOptions(values)))
        case "crash": return .run(.crash(try CrashOptions(values)))
        case "journal": return .run(.journal(try JournalOptions(values)))
        case "pools": return .run(.pools(try PoolWaveOptions(values)))
        default: return .run(.solver(rounds: try values.number("--rounds", in: 1...100_000_000, default: defaultRounds)))
        }
    }

    /// The options given to one mode, by name, read into typed values.
    struct Values {
        let mode: String
        var given: [String: String] = [:]
        /// Options given that take no value.
        var flags: Set<String> = []

        func number(_ name: String, in range: ClosedRange<Int>, default value: Int) throws(ParseError) -> Int {
            guard let text = given[name] else { return value }
            guard let number = Int(text), range.contains(number) else {
                throw ParseError(
                    message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }

        func port() throws(ParseError) -> UInt16 {
            guard given["--port"] != nil else { throw ParseError(message: "\(mode) needs --port N") }
            return UInt16(try number("--port", in: 1...65535, default: 0))
        }

        /// The server's address: a loopback IPv4 address, since cardbench loads this machine only.
        func host() throws(ParseError) -> String {
            let host = given["--host"] ?? defaultHost
            guard Loopback.isLoopback(host) else {
                throw ParseError(
                    message: "--host must be a loopback IPv4 address (127.0.0.0/8), not '\(host)': cardbench loads this machine only")
            }
            return host
        }

        func serverPID() throws(ParseError) -> Int32? {
            guard given["--server-pid"] != nil else { return nil }
            return Int32(try number("--server-pid", in: 1...Int(Int32.max), default: 0))
        }

        func path(_ name: String) -> String? { given[name] }
    }
}

/// `cardbench ping`: closed-loop request/reply load.
struct PingOptions: Equatable {
    static let defaultConnections = 50
    static let defaultSeconds = 10
    static let defaultPipeline = 1
    /// A batch of this many pings is 16 KiB of cardserver's lines: well inside a socket buffer.
    static let maxPipeline = 1_024

    /// Which server's protocol the connections speak.
    enum Server: String, Equatable {
        /// `{"type":"ping"}` answered `{"type":"pong"}`, after the server's `hello`.
        case cardserver
        /// The inline command `PING` answered `+PONG`.
        case redis
        /// cardserver's ping and pong, each a WebSocket text frame, after the upgrade on `/ws` and `hello`.
        case websocket
    }

    var host = Options.defaultHost
    var port: UInt16
    var connections = defaultConnections
    var seconds = defaultSeconds
    /// Requests sent in one write, whose replies are all awaited before the next batch.
    var pipeline = defaultPipeline
    var server = Server.cardserver
    var serverPID: Int32?
}

extension PingOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        port = try values.port()
        host = try values.host()
        connections = try values.number("--connections", in: 1...50_000, default: Self.defaultConnections)
        seconds = try values.number("--seconds", in: 1...3_600, default: Self.defaultSeconds)
        pipeline = try values.number("--pipeline", in: 1...Self.maxPipeline, default: Self.defaultPipeline)
        serverPID = try values.serverPID()
        if let name = values.given["--protocol"] {
            guard let chosen = Server(rawValue: name) else {
                throw Options.ParseError(message: "--protocol must be cardserver or redis, not '\(name)'")
            }
            server = chosen
        }
        if values.flags.contains("--websocket") {
            guard server == .cardserver else { throw Options.ParseError(message: "--websocket speaks cardserver's protocol, not redis's") }
            server = .websocket
        }
    }
}

/// `cardbench set`: rooms of Set players racing to claim.
struct SetOptions: Equatable {
    static let defaultRooms = 1_000
    static let defaultPlayers = 4
    static let defaultSeconds = 60
    /// A second at most to find a Set: the pace of a quick human, so that 4,000 bots make a
    /// load a server can answer; at 0-20 ms they ask far more claims a second than two cores serve.
    static let defaultThinkMilliseconds = 1_000
    static let defaultSeed = 1

    var host = Options.defaultHost
    var port: UInt16
    var rooms = defaultRooms
    var players = defaultPlayers
    var seconds = defaultSeconds
    var thinkMilliseconds = defaultThinkMilliseconds
    var seed = defaultSeed
    var serverPID: Int32?
}

extension SetOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        port = try values.port()
        host = try values.host()
        rooms = try values.number("--rooms", in: 1...10_000, default: Self.defaultRooms)
        // One seat is a solo game, which needs no race; a room holds at most 8.
        players = try values.number("--players", in: 2...8, default: Self.defaultPlayers)
        seconds = try values.number("--seconds", in: 1...3_600, default: Self.defaultSeconds)
        thinkMilliseconds = try values.number("--think-ms", in: 0...10_000, default: Self.defaultThinkMilliseconds)
        seed = try values.number("--seed", in: 0...Int(Int32.max), default: Self.defaultSeed)
        serverPID = try values.serverPID()
    }
}

/// `cardbench idle`: logged-in connections held open.
struct IdleOptions: Equatable {
    static let defaultConnections = 10_000
    static let defaultSeconds = 10

    var host = Options.defaultHost
    var port: UInt16
    var connections = defaultConnections
    var seconds = defaultSeconds
    /// Each connection upgrades on `/ws` and logs in over WebSocket.
    var webSocket = false
    var serverPID: Int32?
}

extension IdleOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        port = try values.port()
        host = try values.host()
        connections = try values.number("--connections", in: 1...100_000, default: Self.defaultConnections)
        seconds = try values.number("--seconds", in: 0...3_600, default: Self.defaultSeconds)
        webSocket = values.flags.contains("--websocket")
        serverPID = try values.serverPID()
    }
}

/// `cardbench startup`: time from spawn to a first reply.
struct StartupOptions: Equatable {
    static let defaultRuns = 20

    var binary: String
    var runs = defaultRuns
    var redis: String?
    /// Games in the journal cardserver starts on; 0 for an empty data folder.
    var results = 0
    /// Accounts in the accounts file it starts on; 0 for none.
    var accounts = 0
}

extension StartupOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        guard let binary = values.path("--binary") else { throw Options.ParseError(message: "startup needs --binary PATH") }
        self.binary = binary
        runs = try values.number("--runs", in: 1...1_000, default: Self.defaultRuns)
        redis = values.path("--redis")
        results = try values.number("--results", in: 0...100_000_000, default: 0)
        accounts = try values.number("--accounts", in: 0...10_000_000, default: 0)
    }
}

/// `cardbench journal`: a results journal of made-up games for a server to start on.
struct JournalOptions: Equatable {
    static let defaultResults = 200_000

    var directory: String
    var results = defaultResults
    var seed = SetOptions.defaultSeed
}

extension JournalOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        guard let directory = values.path("--data") else { throw Options.ParseError(message: "journal needs --data DIR") }
        self.directory = directory
        results = try values.number("--results", in: 1...100_000_000, default: Self.defaultResults)
        seed = try values.number("--seed", in: 0...Int(Int32.max), default: SetOptions.defaultSeed)
    }
}

/// `cardbench attack`: the attacks of issue 11 against a live server, an innocent client watching.
struct AttackOptions: Equatable {
    static let defaultSeconds = 3
    static let defaultInnocentSource = "127.0.0.2"
    static let defaultPoolPlayers = 2_000

    enum Format: String, Equatable {
        case table
        case json
    }

    var host = Options.defaultHost
    var port: UInt16
    var seconds = defaultSeconds
    var only: String?
    var skip: String?
    var innocentSource = defaultInnocentSource
    var format = Format.table
    var serverPID: Int32?
    /// pool-wave's players: 50 from each address (under the server's caps for an address), so
    /// at most 254 addresses' worth.
    var poolPlayers = defaultPoolPlayers
}

extension AttackOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        port = try values.port()
        host = try values.host()
        seconds = try values.number("--seconds", in: 1...600, default: Self.defaultSeconds)
        func attack(_ option: String) throws(Options.ParseError) -> String? {
            guard let name = values.given[option] else { return nil }
            let names = AttackBench.attacks.map(\.name)
            guard names.contains(name) else {
                throw Options.ParseError(message: "\(option) must name an attack: \(names.joined(separator: ", ")); not '\(name)'")
            }
            return name
        }
        only = try attack("--only")
        skip = try attack("--skip")
        if let source = values.given["--innocent-from"] {
            guard Loopback.isLoopback(source), !source.hasPrefix("127.1.") else {
                throw Options.ParseError(message: "--innocent-from must be a loopback IPv4 address outside 127.1.0.0/16 (the attackers'), not '\(source)'")
            }
            innocentSource = source
        }
        if let name = values.given["--format"] {
            guard let chosen = Format(rawValue: name) else {
                throw Options.ParseError(message: "--format must be table or json, not '\(name)'")
            }
            format = chosen
        }
        serverPID = try values.serverPID()
        poolPlayers = try values.number("--pool-players", in: 2...12_700, default: Self.defaultPoolPlayers)
    }
}

/// `cardbench crash`: SIGKILL and restart under the Set race, counting what was lost.
struct CrashOptions: Equatable {
    static let defaultCycles = 100
    static let defaultRooms = 20
    static let defaultPlayers = 2
    static let defaultRestartRooms = 1_000

    var binary: String
    var cycles = defaultCycles
    var rooms = defaultRooms
    var players = defaultPlayers
    var restartRooms = defaultRestartRooms
    var appendFsync = "everysec"
    var seed = SetOptions.defaultSeed
}

extension CrashOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        guard let binary = values.path("--binary") else { throw Options.ParseError(message: "crash needs --binary PATH") }
        self.binary = binary
        cycles = try values.number("--cycles", in: 1...10_000, default: Self.defaultCycles)
        rooms = try values.number("--rooms", in: 1...500, default: Self.defaultRooms)
        players = try values.number("--players", in: 2...8, default: Self.defaultPlayers)
        restartRooms = try values.number("--restart-rooms", in: 0...10_000, default: Self.defaultRestartRooms)
        seed = try values.number("--seed", in: 0...Int(Int32.max), default: SetOptions.defaultSeed)
        if let policy = values.given["--appendfsync"] {
            guard ["always", "everysec", "no"].contains(policy) else {
                throw Options.ParseError(message: "--appendfsync must be always, everysec or no, not '\(policy)'")
            }
            appendFsync = policy
        }
    }
}
