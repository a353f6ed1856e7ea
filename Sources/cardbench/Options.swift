/// The command line of `cardbench`, parsed by hand (the project takes no packages).
enum Options {
    static let usage = "USAGE: cardbench solver [--rounds N] [--version] [-h|--help]"

    static let defaultRounds = 100_000

    static let help = """
        cardbench: benchmarks for cardserver's rules and network.

        \(usage)

        MODES:
          solver                Time SetSolver.sets(on:) on seeded random 12- and 21-card boards,
                                against a naive triple loop on the same boards

        OPTIONS:
          --rounds N            Boards measured per board size (default: \(defaultRounds))
          --version             Print the version and exit
          -h, --help            Print this help and exit
        """

    /// What the command line asks for.
    enum Request: Equatable {
        case solver(rounds: Int)
        case help
        case version
    }

    struct ParseError: Error, Equatable {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(ParseError) -> Request {
        var remaining = arguments[...]
        guard let mode = remaining.popFirst() else { throw ParseError(message: "name a mode: solver") }
        switch mode {
        case "-h", "--help": return .help
        case "--version": return .version
        case "solver": break
        default: throw ParseError(message: "unknown mode '\(mode)'; the modes are: solver")
        }
        var rounds = defaultRounds
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--rounds":
                guard let text = remaining.popFirst() else { throw ParseError(message: "--rounds needs a value") }
                guard let number = Int(text), (1...100_000_000).contains(number) else {
                    throw ParseError(message: "--rounds must be a number from 1 to 100000000, not '\(text)'")
                }
                rounds = number
            default: throw ParseError(message: "unknown option '\(argument)'")
            }
        }
        return .solver(rounds: rounds)
    }
}
