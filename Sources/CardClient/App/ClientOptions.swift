import Wire

/// The command line of `cardclient`, parsed by hand (the project takes no packages).
public struct ClientOptions: Equatable, Sendable {
    /// The server's address.
    public var host = "127.0.0.1"
    /// The server's port.
    public var port: UInt16 = 7878
    /// The name given with `--name`.
    public var name: String?
    /// Where to go after login.
    public var destination: Destination = .lobby
    /// Whether `--no-color` was given.
    public var noColor = false
    /// `--account NAME`: sign in to this account (its password asked without echo, unless a
    /// kept session or `CARDCLIENT_TOKEN` signs in).
    public var account: String?
    /// `--register`: make the account `--account` names (its password asked twice).
    public var register = false

    /// The version `--version` prints.
    public static let version = "cardclient \(SuiteVersion.number)"

    /// The usage line, printed with every argument error.
    public static let usage = """
        USAGE: cardclient [--host H] [--port N] [--name NAME]
               [--account NAME [--register]]
               [--create GAME [--seats N] [--private] [--option KEY=VALUE]...]
               [--join ROOM] [--watch ROOM] [--no-color] [--version] [-h|--help]
        """

    /// The `--help` text.
    public static let help = """
        cardclient: play Set, rock-paper-scissors and more on a cardserver, in the
        terminal.

        \(usage)

        OPTIONS:
          --host H         Server address (default: 127.0.0.1)
          --port N         Server port (default: 7878)
          --name NAME      Your name, 1-20 characters and 64 bytes
                           (default: $USER, else asked on screen)
          --account NAME   Sign in to your account; the password is asked
                           without echo (CARDCLIENT_TOKEN, a session token,
                           signs in without it); the session is kept
          --register       Make the account --account names (password asked
                           twice: 8-256 characters, not the name)
          --create GAME    Create a room of GAME and go straight in:
                           set, rps, rps-brain, concentration, klondike
          --seats N        Seats in the created room, 1-8; 1 for a solo Set
                           (default: the game's)
          --private        Keep the created room out of the lobby's list
          --option K=V     One of the game's options, repeated for more, e.g.
                           --option rounds=5 --option bot=adaptive (rps),
                           --option draw=3 --option seed=42 (klondike)
          --join ROOM      Join the room with this code
          --watch ROOM     Watch the room with this code
          --no-color       No colours (also off when NO_COLOR is set, TERM=dumb,
                           or output is no terminal)
          --version        Print the version and exit
          -h, --help       Print this help and exit

        Without --create, --join or --watch, cardclient opens the lobby.
        Press ? there for the keys.
        Exit status: 0 after quitting, 64 for a bad command line, 69 when the server
        cannot be reached.
        """

    /// What the command line asks for.
    public enum Request: Equatable, Sendable {
        /// Run the client.
        case run(ClientOptions)
        /// Print the help.
        case help
        /// Print the version.
        case version
    }

    /// A bad command line, in words.
    public struct ParseError: Error, Equatable {
        /// What is wrong, e.g. "--port must be a number from 1 to 65535, not 'x'".
        public let message: String
    }

    /// Makes the default options.
    public init() {}

    /// Parses the arguments (without the program name).
    /// - Throws: ``ParseError`` naming the first problem.
    public static func parse(_ arguments: [String]) throws(ParseError) -> Request {
        var options = ClientOptions()
        var seats: Int?
        var isPrivate = false
        var game: String?
        var gameOptions: [(key: String, value: String)] = []
        var targets: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            func value() throws(ParseError) -> String {
                guard let next = remaining.popFirst() else { throw ParseError(message: "\(argument) needs a value") }
                // `--join --port 17919` is a forgotten code, not a room called "--port".
                if next.hasPrefix("--") { throw ParseError(message: "\(argument) needs a value, not the option '\(next)'") }
                return next
            }
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--host": options.host = try value()
            case "--port":
                let text = try value()
                guard let port = UInt16(text), port > 0 else {
                    throw ParseError(message: "--port must be a number from 1 to 65535, not '\(text)'")
                }
                options.port = port
            case "--name":
                let name = try value().trimmingSpaces
                guard (1...20).contains(name.count), name.utf8.count <= 64 else {
                    throw ParseError(message: "--name must be 1 to 20 characters and at most 64 bytes")
                }
                options.name = name
            case "--account":
                let name = try value().trimmingSpaces
                guard (1...20).contains(name.count), name.utf8.count <= 64 else {
                    throw ParseError(message: "--account must be 1 to 20 characters and at most 64 bytes")
                }
                options.account = name
            case "--register": options.register = true
            case "--create":
                game = try value()
                targets.append(argument)
            case "--seats":
                let text = try value()
                guard let number = Int(text), (1...8).contains(number) else {
                    throw ParseError(message: "--seats must be a number from 1 to 8, not '\(text)'")
                }
                seats = number
            case "--private": isPrivate = true
            case "--option":
                let text = try value()
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw ParseError(message: "--option takes KEY=VALUE, like --option rounds=5, not '\(text)'")
                }
                gameOptions.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            case "--join":
                options.destination = .join(try value().uppercased())
                targets.append(argument)
            case "--watch":
                options.destination = .watch(try value().uppercased())
                targets.append(argument)
            case "--no-color": options.noColor = true
            default: throw ParseError(message: "unknown option '\(argument)'")
            }
        }
        if targets.count > 1 {
            throw ParseError(message: "give only one of --create, --join and --watch")
        }
        if let game {
            options.destination = .create(try createRequest(game: game, seats: seats, isPrivate: isPrivate, options: gameOptions))
        } else if seats != nil || isPrivate || !gameOptions.isEmpty {
            throw ParseError(message: "--seats, --private and --option go with --create")
        }
        if options.register, options.account == nil {
            throw ParseError(message: "--register goes with --account NAME")
        }
        if options.account != nil, options.name != nil {
            throw ParseError(message: "give --account (an account's name) or --name (a guest's), not both")
        }
        return .run(options)
    }

    /// Checks `--create` and what goes with it against the game catalog, so a mistake is
    /// reported before connecting, with the values allowed.
    static func createRequest(
        game: String, seats: Int?, isPrivate: Bool, options given: [(key: String, value: String)]
    ) throws(ParseError) -> CreateRequest {
        let names = GameCatalog.games.map(\.name)
        guard let entry = GameCatalog.game(named: game) else {
            throw ParseError(message: "--create takes a game: \(names.joined(separator: ", ")); not '\(game)'")
        }
        if let seats, !entry.seats.contains(seats) {
            let range = entry.seats.count == 1 ? "\(entry.seats.lowerBound)" : "\(entry.seats.lowerBound) to \(entry.seats.upperBound)"
            throw ParseError(message: "\(game) is played with \(range) seats, not \(seats)")
        }
        var options = JSONObject()
        for (key, text) in given {
            guard let option = entry.options.first(where: { $0.name == key }) else {
                let known = entry.options.map(\.name).joined(separator: ", ")
                throw ParseError(message: "\(game) has no option '\(key)'; its options are \(known)")
            }
            let value: JSONValue = switch option.values {
            case .integers, .integerChoices: Int(text).map(JSONValue.int) ?? .string(text)
            case .strings: .string(text)
            case .boolean: text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
            }
            if let problem = option.problem(with: value) {
                throw ParseError(message: "--option \(key)=\(text): \(problem)")
            }
            options[key] = value
        }
        return CreateRequest(game: game, seats: seats, isPrivate: isPrivate, options: options)
    }

    /// The name to log in with: `--name`, else `USER` when it is a valid name, else nil (ask on screen).
    public func loginName(environment: [String: String]) -> String? {
        if let account { return account }
        if let name { return name }
        guard let user = environment["USER"]?.trimmingSpaces, (1...20).contains(user.count) else { return nil }
        return user
    }
}
