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

    /// The version `--version` prints.
    public static let version = "cardclient \(SuiteVersion.number)"

    /// The usage line, printed with every argument error.
    public static let usage = "USAGE: cardclient [--host H] [--port N] [--name NAME] [--create GAME [--seats N] [--private]] [--join ROOM] [--watch ROOM] [--no-color] [--version] [-h|--help]"

    /// The `--help` text.
    public static let help = """
        cardclient: play Set, rock-paper-scissors and more on a cardserver, in the terminal.

        \(usage)

        OPTIONS:
          --host H         Server address (default: 127.0.0.1)
          --port N         Server port (default: 7878)
          --name NAME      Your name, 1-20 characters and 64 bytes (default: $USER, else asked on screen)
          --create GAME    Create a room of GAME (set, rps, ...) and go straight in
          --seats N        Seats in the created room, 1-8; 1 for a solo Set (default: the game's)
          --private        Keep the created room out of the lobby's list
          --join ROOM      Join the room with this code
          --watch ROOM     Watch the room with this code
          --no-color       No colours (also off when NO_COLOR is set, TERM=dumb, or output is no terminal)
          --version        Print the version and exit
          -h, --help       Print this help and exit

        Without --create, --join or --watch, cardclient opens the lobby. Press ? for the keys.
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
        var targets: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            func value() throws(ParseError) -> String {
                guard let next = remaining.popFirst() else { throw ParseError(message: "\(argument) needs a value") }
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
            options.destination = .create(game: game, seats: seats, isPrivate: isPrivate)
        } else if seats != nil || isPrivate {
            throw ParseError(message: "--seats and --private go with --create")
        }
        return .run(options)
    }

    /// The name to log in with: `--name`, else `USER` when it is a valid name, else nil (ask on screen).
    public func loginName(environment: [String: String]) -> String? {
        if let name { return name }
        guard let user = environment["USER"]?.trimmingSpaces, (1...20).contains(user.count) else { return nil }
        return user
    }
}
