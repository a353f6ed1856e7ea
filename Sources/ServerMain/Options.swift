import CardServer
import Network
import Storage
import Transport
import Wire

/// The server's and the network's own defaults: every option left out falls back to them,
/// and `--help` prints them, so a default is written in one place.
private let serverDefaults = ServerConfig(version: "")
private let networkDefaults = NetworkLimits()

/// The command line of `cardserver`, parsed by hand (the project takes no packages).
struct Options: Equatable {
    var host = "::"
    var port: UInt16 = 7878
    var maxClients = serverDefaults.maxClients
    var graceSeconds = Int(serverDefaults.grace.components.seconds)
    var outputLimit = networkDefaults.maxPendingOutputBytes
    var maxOutputTotal = networkDefaults.maxTotalOutputBytes
    var commandRate = serverDefaults.commandRate
    var commandBurst = serverDefaults.commandBurst
    var loginTimeoutSeconds = Int(serverDefaults.loginTimeout.components.seconds)
    var dataDirectory = "./cardserver-data"
    var maxRooms = serverDefaults.maxRooms
    var maxConnectionsPerAddress = serverDefaults.maxConnectionsPerAddress
    var roomsPerMinute = serverDefaults.roomsPerMinutePerAddress
    var failedJoinsPerMinute = serverDefaults.failedJoinsPerMinutePerAddress
    var appendFsync = LogSyncPolicy.everysec
    var keepReplayDays = 30
    var maxDataBytes = 1 << 30
    var minFreeBytes = 64 << 20
    var gamesPerMinute = serverDefaults.gamesPerMinutePerAddress
    var accountRoomsPerMinute = serverDefaults.roomsPerMinutePerAccount
    var accountGamesPerMinute = serverDefaults.gamesPerMinutePerAccount
    var guestLoginsPerMinute = serverDefaults.guestLoginsPerMinutePerAddress
    var maxSessionsPerAddress = serverDefaults.maxSessionsPerAddress
    var turnBudgetMilliseconds = Int(serverDefaults.turnBudgetNanoseconds / 1_000_000)
    var passwordIterations = serverDefaults.passwordIterations
    /// Browser origins allowed to open a WebSocket besides the server's own; `*` for any.
    var allowedOrigins: [String] = []
    /// Host names a browser may reach the web client under besides addresses and local names.
    var allowedHosts: [String] = []

    /// Every option, wrapped for an 80-column terminal (a test holds every line of `--help` to it).
    static let usage = """
        USAGE: cardserver [--host ADDR] [--port N] [--data DIR] [--repair]
               [--appendfsync always|everysec|no] [--keep-replays DAYS]
               [--max-data-size BYTES] [--min-free-space BYTES]
               [--max-clients N] [--grace SECONDS] [--output-limit BYTES]
               [--max-output-total BYTES] [--rate N] [--burst N]
               [--login-timeout SECONDS] [--max-rooms N]
               [--max-connections-per-address N] [--rooms-per-minute N]
               [--failed-joins-per-minute N] [--games-per-minute N]
               [--guest-logins-per-minute N] [--max-sessions-per-address N]
               [--account-rooms-per-minute N] [--account-games-per-minute N]
               [--turn-budget MS] [--password-iterations N]
               [--allow-origin ORIGIN]... [--allow-host NAME]...
               [--version] [-h|--help]
        """

    static let help = """
        cardserver: card games (Set, rock-paper-scissors, ...) over TCP, one JSON
        object per line, and over WebSocket (/ws) on the same port, with HTTP for a
        browser (/), /healthz and /metrics.

        \(usage)

        OPTIONS:
          --host ADDR           Address to listen on (default: ::, every IPv6 and
                                IPv4 address; 0.0.0.0 for IPv4 only, 127.0.0.1 or
                                ::1 for this machine only)
          --port N              TCP port, 0 for any free one (default: 7878)
          --data DIR            Where the results journal (results.jsonl), the room
                                log (rooms.log) and the replays (replays/) live
                                (default: ./cardserver-data); a restart on the same
                                DIR brings back every room in progress
          --appendfsync always|everysec|no
                                When the room log reaches the disk: after every
                                turn (a power cut loses nothing anyone saw), once a
                                second (default; it loses at most about a second),
                                or when the kernel writes it (about 30 s). A crash
                                of the process alone loses nothing with any of them
          --keep-replays DAYS   How long finished games' replays are kept; 0 keeps
                                none (default: 30)
          --max-data-size BYTES The most DIR may hold; the oldest replays are
                                removed to stay inside it, and past it with the
                                journal alone new games get server_busy
                                (default: 1G; sizes take K, M or G)
          --min-free-space BYTES
                                Free space DIR's file system must keep: under it
                                new games get server_busy while games under way
                                play on, each seat within 32 KiB more of moves,
                                kept allocated for it (default: 64M)
          --repair              Repair DIR's room log and results journal instead
                                of serving, with the server stopped: keep every
                                good record in order, move damaged lines to
                                FILE.damaged, print what was done, and exit (0 when
                                done, 1 when not). A start that finds a damaged
                                record before a file's last line stops and asks
                                for this
          --max-clients N       Connections allowed at once; one more gets
                                server_full (default: \(Options().maxClients))
          --grace SECONDS       How long a disconnected player keeps their seat and
                                token (default: \(Options().graceSeconds))
          --output-limit BYTES  Unsent output a client may pile up before it is
                                disconnected (default: \(Options().outputLimit)); a client is
                                read no further while its own replies pile up past
                                64 KiB
          --max-output-total BYTES
                                Memory the unsent output of all clients together
                                may take; past it, the clients that read nothing
                                for longest are disconnected until it is an eighth
                                under it (K, M and G allowed)
                                (default: \(Options().maxOutputTotal))
          --rate N              Commands a client may send per second after a
                                burst; the rest wait and are read later, none is
                                refused; 0 for no limit (default: \(Options().commandRate))
          --burst N             Commands a client may send at once (default: \(Options().commandBurst))
          --login-timeout SECONDS
                                How long a connection may stay without logging in
                                (default: \(Options().loginTimeoutSeconds))
          --max-rooms N         Rooms on the server at once; one more create gets
                                server_busy; 0 for no cap (default: \(Options().maxRooms))
          --max-connections-per-address N
                                Connections from one IP address (IPv6: one /64) at
                                once; one more gets server_full; 0 for no cap
                                (default: \(Options().maxConnectionsPerAddress))
          --rooms-per-minute N  Rooms one IP address may create in a minute; 0 for
                                no cap (default: \(Options().roomsPerMinute))
          --failed-joins-per-minute N
                                Joins and watches naming no room one IP address may
                                send in a minute, then it waits out the minute; 0
                                for no cap (default: \(Options().failedJoinsPerMinute))
          --games-per-minute N  Games one IP address may begin in a minute,
                                rematches and robot games included; 0 for no cap
                                (default: \(Options().gamesPerMinute))
          --account-rooms-per-minute N
                                Rooms one signed-in account may create in a
                                minute, from any address; a signed-in player counts
                                against this, not its address's --rooms-per-minute;
                                0 for no cap (default: \(Options().accountRoomsPerMinute))
          --account-games-per-minute N
                                Games one signed-in account may begin in a minute,
                                instead of its address's --games-per-minute; 0 for
                                no cap (default: \(Options().accountGamesPerMinute))
          --guest-logins-per-minute N
                                Guest logins (a name, not a token) one IP address
                                may make in a minute; 0 for no cap (default: \(Options().guestLoginsPerMinute))
          --max-sessions-per-address N
                                Sessions one IP address may hold at once, seats
                                kept for players who left included; one more login
                                gets server_full; 0 for no cap (default: \(Options().maxSessionsPerAddress))
          --turn-budget MS      How long one turn of the loop handles lines before
                                the rest wait for the next, where every other
                                client's fresh input goes first: about half the
                                worst wait a burst can cause others (default: \(Options().turnBudgetMilliseconds))
          --password-iterations N
                                PBKDF2-HMAC-SHA256 iterations for a new password,
                                at least 100000; a stored one keeps its own count
                                (default: \(Options().passwordIterations), OWASP's figure)
          --allow-origin ORIGIN A web page's origin (https://cards.example) allowed
                                to open a WebSocket besides the server's own; repeat
                                it for more; * allows every page
          --allow-host NAME     A name browsers reach this server under (cards.example)
                                besides IP addresses, localhost, one-label and .local
                                names; repeat it for more; * trusts every name (the
                                guard against DNS rebinding)
          --version             Print the version and exit
          -h, --help            Print this help and exit

        Limits: a line is at most \(LineFramer.defaultMaxLineBytes) bytes; names 1-\(ServerConfig.maxNameCharacters) characters and
        \(ServerConfig.maxNameBytes) bytes; chat 1-\(ServerConfig.maxChatCharacters) characters and \(ServerConfig.maxChatBytes) bytes, \(ServerConfig.chatBurst) lines at once,
        then one a second; one room per player at a time.
        Try it: nc 127.0.0.1 7878, then type {"type":"help"}
        """

    /// What the command line asks for.
    enum Request: Equatable {
        case run(Options)
        /// `--repair`: mend the files of this data folder, then exit (``DataFileRepair``).
        case repair(dataDirectory: String)
        case help
        case version
    }

    struct ParseError: Error, Equatable {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(ParseError) -> Request {
        var options = Options()
        var repair = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            func value() throws(ParseError) -> String {
                guard let next = remaining.popFirst() else { throw ParseError(message: "\(argument) needs a value") }
                return next
            }
            func number(in range: ClosedRange<Int>) throws(ParseError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw ParseError(message: "\(argument) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
                }
                return number
            }
            /// Bytes, with an optional K, M or G (powers of 1024).
            func size(in range: ClosedRange<Int>) throws(ParseError) -> Int {
                let text = try value()
                let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30]
                let shift = text.last.flatMap { shifts[Character($0.uppercased())] } ?? 0
                let digits = shift > 0 ? text.dropLast() : Substring(text)
                guard let number = Int(digits), number >= 0, number <= (range.upperBound >> shift),
                      range.contains(number << shift)
                else {
                    throw ParseError(message: "\(argument) must be a size from \(range.lowerBound) to \(range.upperBound) bytes (K, M and G allowed), not '\(text)'")
                }
                return number << shift
            }
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--host": options.host = try value()
            case "--port": options.port = UInt16(try number(in: 0...65535))
            case "--max-clients": options.maxClients = try number(in: 1...1_000_000)
            case "--grace": options.graceSeconds = try number(in: 0...86_400)
            case "--output-limit": options.outputLimit = try size(in: 1024...(1 << 30))
            case "--max-output-total": options.maxOutputTotal = try size(in: (1 << 20)...(1 << 40))
            case "--rate": options.commandRate = try number(in: 0...1_000_000)
            case "--burst": options.commandBurst = try number(in: 1...1_000_000)
            case "--login-timeout": options.loginTimeoutSeconds = try number(in: 1...86_400)
            case "--max-rooms": options.maxRooms = try number(in: 0...1_000_000)
            case "--max-connections-per-address": options.maxConnectionsPerAddress = try number(in: 0...1_000_000)
            case "--rooms-per-minute": options.roomsPerMinute = try number(in: 0...1_000_000)
            case "--failed-joins-per-minute": options.failedJoinsPerMinute = try number(in: 0...1_000_000)
            case "--data": options.dataDirectory = try value()
            case "--appendfsync":
                let text = try value()
                guard let policy = LogSyncPolicy(rawValue: text) else {
                    throw ParseError(message: "--appendfsync must be always, everysec or no, not '\(text)'")
                }
                options.appendFsync = policy
            case "--keep-replays": options.keepReplayDays = try number(in: 0...36_500)
            case "--max-data-size": options.maxDataBytes = try size(in: (1 << 20)...(1 << 50))
            case "--min-free-space": options.minFreeBytes = try size(in: 0...(1 << 50))
            case "--games-per-minute": options.gamesPerMinute = try number(in: 0...1_000_000)
            case "--account-rooms-per-minute": options.accountRoomsPerMinute = try number(in: 0...1_000_000)
            case "--account-games-per-minute": options.accountGamesPerMinute = try number(in: 0...1_000_000)
            case "--guest-logins-per-minute": options.guestLoginsPerMinute = try number(in: 0...1_000_000)
            case "--password-iterations": options.passwordIterations = try number(in: 100_000...10_000_000)
            case "--max-sessions-per-address": options.maxSessionsPerAddress = try number(in: 0...1_000_000)
            case "--turn-budget": options.turnBudgetMilliseconds = try number(in: 1...10_000)
            case "--allow-origin":
                let text = try value()
                guard WebConfig.isOrigin(text) else {
                    throw ParseError(message: "--allow-origin must be an origin as a browser sends it (https://cards.example, "
                        + "http://10.0.0.5:8080: a scheme, a host and an optional port, no path and no trailing slash) or *, not '\(text)'")
                }
                options.allowedOrigins.append(text)
            case "--allow-host":
                let text = try value()
                guard WebConfig.isHostName(text) else {
                    throw ParseError(message: "--allow-host must be a host name as a browser's address bar has it (cards.example: "
                        + "no scheme, port or path) or *, not '\(text)'")
                }
                options.allowedHosts.append(text)
            case "--repair": repair = true
            default: throw ParseError(message: "unknown option '\(argument)'")
            }
        }
        return repair ? .repair(dataDirectory: options.dataDirectory) : .run(options)
    }
}
