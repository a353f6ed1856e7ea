import CardClient
import Testing
import Wire

/// The command line and the colour decision.
struct OptionsTests {
    @Test func defaults() throws {
        #expect(try ClientOptions.parse([]) == .run(ClientOptions()))
        let options = ClientOptions()
        #expect(options.host == "127.0.0.1")
        #expect(options.port == 7878)
        #expect(options.destination == .lobby)
    }

    @Test func everyOption() throws {
        var expected = ClientOptions()
        expected.host = "::1"
        expected.port = 9000
        expected.name = "ann"
        expected.destination = .create(CreateRequest(game: "set", seats: 4, isPrivate: true))
        expected.noColor = true
        let parsed = try ClientOptions.parse(["--host", "::1", "--port", "9000", "--name", " ann ", "--create", "set", "--seats", "4", "--private", "--no-color"])
        #expect(parsed == .run(expected))
        #expect(try ClientOptions.parse(["--join", "k7qx"]) == .run(with(\.destination, .join("K7QX"))))
        #expect(try ClientOptions.parse(["--watch", "k7qx"]) == .run(with(\.destination, .watch("K7QX"))))
        #expect(try ClientOptions.parse(["--port", "1", "-h"]) == .help)
        #expect(try ClientOptions.parse(["--version"]) == .version)
    }

    @Test func aGamesOptionsAreCheckedAndSentAsTheirKind() throws {
        let parsed = try ClientOptions.parse(["--create", "klondike", "--option", "seed=4", "--option", "draw=3"])
        #expect(parsed == .run(with(\.destination, .create(CreateRequest(game: "klondike", options: ["seed": 4, "draw": 3])))))
        let robot = try ClientOptions.parse(["--create", "rps", "--seats", "1", "--option", "bot=adaptive", "--private"])
        #expect(robot == .run(with(\.destination, .create(CreateRequest(game: "rps", seats: 1, isPrivate: true, options: ["bot": "adaptive"])))))
    }

    @Test(arguments: [
        (["--port"], "--port needs a value"),
        (["--port", "0"], "--port must be a number from 1 to 65535, not '0'"),
        (["--port", "seven"], "--port must be a number from 1 to 65535, not 'seven'"),
        (["--name", "   "], "--name must be 1 to 20 characters and at most 64 bytes"),
        (["--name", "a" + String(repeating: "\u{301}", count: 40)], "--name must be 1 to 20 characters and at most 64 bytes"),
        (["--seats", "9", "--create", "set"], "--seats must be a number from 1 to 8, not '9'"),
        (["--seats", "2"], "--seats, --private and --option go with --create"),
        (["--option", "rounds=5"], "--seats, --private and --option go with --create"),
        (["--join", "--port", "17919"], "--join needs a value, not the option '--port'"),
        (["--create", "foo"], "--create takes a game: set, rps, rps-brain, concentration, klondike; not 'foo'"),
        (["--create", "rps", "--seats", "3"], "rps is played with 1 to 2 seats, not 3"),
        (["--create", "klondike", "--option", "draw=2"], "--option draw=2: option 'draw' must be 1 or 3, not 2"),
        (["--create", "rps", "--option", "colour=blue"], "rps has no option 'colour'; its options are rounds, round_seconds, bot"),
        (["--create", "rps", "--option", "bot"], "--option takes KEY=VALUE, like --option rounds=5, not 'bot'"),
        (["--create", "concentration", "--option", "pairs=abc"], #"--option pairs=abc: option 'pairs' must be an integer from 2 to 20, not "abc""#),
        (["--create", "rps", "--option", "bot=genius"], #"--option bot=genius: option 'bot' must be "random" or "adaptive", not "genius""#),
        (["--join", "A", "--watch", "B"], "give only one of --create, --join and --watch"),
        (["--colour"], "unknown option '--colour'"),
    ])
    func badArguments(arguments: [String], message: String) {
        let error = #expect(throws: ClientOptions.ParseError.self) { try ClientOptions.parse(arguments) }
        #expect(error?.message == message)
    }

    @Test func helpFitsAnEightyColumnTerminal() {
        let wide = ClientOptions.help.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide == [])
        #expect(ClientOptions.usage.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func helpHasUsageAndOptions() {
        #expect(ClientOptions.help.contains("\nUSAGE: cardclient [--host H] [--port N]"))
        #expect(ClientOptions.help.contains("\nOPTIONS:\n  --host H         Server address (default: 127.0.0.1)\n"))
    }

    @Test func theNameComesFromUserWhenNotGiven() {
        #expect(ClientOptions().loginName(environment: ["USER": "ann"]) == "ann")
        #expect(ClientOptions().loginName(environment: [:]) == nil)
        #expect(ClientOptions().loginName(environment: ["USER": String(repeating: "x", count: 21)]) == nil)
        #expect(with(\.name, "bob").loginName(environment: ["USER": "ann"]) == "bob")
    }

    @Test(arguments: [
        (true, [String: String](), false, true),
        (false, [:], false, false),
        (true, ["TERM": "dumb"], false, false),
        (true, ["TERM": "xterm-256color"], false, true),
        (true, ["NO_COLOR": ""], false, false),
        (true, ["NO_COLOR": "1"], false, false),
        (true, [:], true, false),
    ])
    func colourOnlyOnARealTerminalWhenNobodyObjects(terminal: Bool, environment: [String: String], flag: Bool, color: Bool) {
        #expect(ColorPolicy.colorEnabled(outputIsTerminal: terminal, environment: environment, noColorFlag: flag) == color)
    }

    private func with<Value>(_ path: WritableKeyPath<ClientOptions, Value>, _ value: Value) -> ClientOptions {
        var options = ClientOptions()
        options[keyPath: path] = value
        return options
    }
}
