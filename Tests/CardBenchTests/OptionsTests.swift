import Foundation
import Testing
@testable import cardbench

/// The command line of cardbench: modes, defaults, and errors that exit 64.
struct OptionsTests {
    @Test func pingHasTheDocumentedDefaults() throws {
        #expect(try Options.parse(["ping", "--port", "7878"]) == .run(.ping(PingOptions(
            host: "127.0.0.1", port: 7878, connections: 50, seconds: 10, pipeline: 1, server: .cardserver, serverPID: nil))))
    }

    @Test func pingWebSocketSpeaksCardserversProtocolOverFrames() throws {
        #expect(try Options.parse(["ping", "--port", "1", "--websocket"]) == .run(.ping(PingOptions(port: 1, server: .websocket))))
        #expect(throws: Options.ParseError(message: "--websocket speaks cardserver's protocol, not redis's")) {
            try Options.parse(["ping", "--port", "1", "--protocol", "redis", "--websocket"])
        }
    }

    @Test func idleWebSocketHoldsWebSockets() throws {
        #expect(try Options.parse(["idle", "--port", "1", "--websocket"]) == .run(.idle(IdleOptions(port: 1, webSocket: true))))
    }

    @Test func pingReadsEveryOption() throws {
        let request = try Options.parse([
            "ping", "--port", "6379", "--host", "127.0.0.2", "--connections", "8", "--seconds", "3",
            "--protocol", "redis", "--server-pid", "42", "--pipeline", "16",
        ])
        #expect(request == .run(.ping(PingOptions(
            host: "127.0.0.2", port: 6379, connections: 8, seconds: 3, pipeline: 16, server: .redis, serverPID: 42))))
    }

    @Test(arguments: [("1", 1), ("16", 16), ("1024", 1_024)])
    func pingReadsThePipeline(text: String, pipeline: Int) throws {
        #expect(try Options.parse(["ping", "--port", "1", "--pipeline", text]) == .run(.ping(PingOptions(port: 1, pipeline: pipeline))))
    }

    @Test func setHasTheDocumentedDefaults() throws {
        #expect(try Options.parse(["set", "--port", "1"]) == .run(.set(SetOptions(
            host: "127.0.0.1", port: 1, rooms: 1_000, players: 4, seconds: 60, thinkMilliseconds: 1_000, seed: 1,
            serverPID: nil))))
    }

    @Test func setReadsEveryOption() throws {
        let request = try Options.parse([
            "set", "--port", "2", "--rooms", "3", "--players", "2", "--seconds", "5", "--think-ms", "0",
            "--seed", "9", "--server-pid", "77", "--host", "127.0.0.1",
        ])
        #expect(request == .run(.set(SetOptions(
            host: "127.0.0.1", port: 2, rooms: 3, players: 2, seconds: 5, thinkMilliseconds: 0, seed: 9,
            serverPID: 77))))
    }

    @Test func idleHasTheDocumentedDefaults() throws {
        #expect(try Options.parse(["idle", "--port", "7878"]) == .run(.idle(IdleOptions(
            host: "127.0.0.1", port: 7878, connections: 10_000, seconds: 10, serverPID: nil))))
        #expect(try Options.parse(["idle", "--port", "7878", "--connections", "3", "--seconds", "0"]) == .run(.idle(
            IdleOptions(host: "127.0.0.1", port: 7878, connections: 3, seconds: 0, serverPID: nil))))
    }

    @Test func startupNeedsOnlyTheBinary() throws {
        #expect(try Options.parse(["startup", "--binary", "/bin/cardserver"]) == .run(.startup(StartupOptions(
            binary: "/bin/cardserver", runs: 20, redis: nil))))
        #expect(try Options.parse(["startup", "--binary", "b", "--runs", "3", "--redis", "r"]) == .run(.startup(
            StartupOptions(binary: "b", runs: 3, redis: "r"))))
        #expect(try Options.parse(["startup", "--binary", "b", "--runs", "3", "--results", "1000000"]) == .run(.startup(
            StartupOptions(binary: "b", runs: 3, redis: nil, results: 1_000_000))))
    }

    @Test func journalNeedsOnlyTheFolder() throws {
        #expect(try Options.parse(["journal", "--data", "/tmp/d"]) == .run(.journal(JournalOptions(directory: "/tmp/d", results: 200_000, seed: 1))))
        #expect(try Options.parse(["pools"]) == .run(.pools(PoolWaveOptions(waiting: 10_000, rounds: 10, seed: 1))))
        #expect(try Options.parse(["pools", "--waiting", "500", "--rounds", "3", "--seed", "7"]) == .run(.pools(PoolWaveOptions(waiting: 500, rounds: 3, seed: 7))))
        #expect(try Options.parse(["journal", "--data", "d", "--results", "5", "--seed", "9"]) == .run(.journal(
            JournalOptions(directory: "d", results: 5, seed: 9))))
    }

    @Test func klondikeHintsTakesTheDrawAndTheDeals() throws {
        #expect(try Options.parse(["klondike-hints"]) == .run(.klondikeHints(KlondikeHintOptions(draw: 1, deals: 100))))
        #expect(try Options.parse(["klondike-hints", "--draw", "3", "--deals", "20"]) == .run(.klondikeHints(KlondikeHintOptions(draw: 3, deals: 20))))
    }

    @Test func klondikeSolverTakesItsOptionsAndTheJSONFlag() throws {
        #expect(try Options.parse(["klondike-solver"]) == .run(.klondikeSolver(KlondikeSolverOptions())))
        #expect(
            try Options.parse(["klondike-solver", "--json", "--draw", "3", "--deals", "50", "--budget-ms", "200"])
                == .run(.klondikeSolver(KlondikeSolverOptions(draw: 3, deals: 50, budgetMilliseconds: 200, json: true))))
        #expect(
            try Options.parse(["klondike-solver", "--solution", "42"])
                == .run(.klondikeSolver(KlondikeSolverOptions(solutionSeed: 42))))
        #expect(
            try Options.parse(["klondike-solver", "--threads", "1"])
                == .run(.klondikeSolver(KlondikeSolverOptions(threads: 1))))
        #expect(KlondikeSolverOptions().threads == (ProcessInfo.processInfo.activeProcessorCount >= 2 ? 2 : 1))
    }

    @Test func crashNeedsTheBinaryAndReadsEveryOption() throws {
        #expect(try Options.parse(["crash", "--binary", "/bin/cardserver"]) == .run(.crash(CrashOptions(
            binary: "/bin/cardserver", cycles: 100, rooms: 20, players: 2, restartRooms: 1_000, appendFsync: "everysec", seed: 1))))
        #expect(
            try Options.parse([
                "crash", "--binary", "b", "--cycles", "5", "--rooms", "3", "--players", "4", "--restart-rooms", "0",
                "--appendfsync", "always", "--seed", "7",
            ]) == .run(.crash(CrashOptions(
                binary: "b", cycles: 5, rooms: 3, players: 4, restartRooms: 0, appendFsync: "always", seed: 7))))
    }

    @Test func solverKeepsItsRounds() throws {
        #expect(try Options.parse(["solver"]) == .run(.solver(rounds: 100_000)))
        #expect(try Options.parse(["solver", "--rounds", "10"]) == .run(.solver(rounds: 10)))
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        #expect(try Options.parse(["ping", "--port", "1", "--port", "2"]) == .run(.ping(PingOptions(port: 2))))
    }

    @Test func helpAndVersionWinAnywhere() throws {
        #expect(try Options.parse(["-h"]) == .help)
        #expect(try Options.parse(["--help"]) == .help)
        #expect(try Options.parse(["--version"]) == .version)
        #expect(try Options.parse(["ping", "--port", "x", "--help"]) == .help)
        #expect(try Options.parse(["idle", "--version"]) == .version)
    }

    @Test(arguments: [
        ([], "name a mode: ping, set, idle, startup, solver, klondike-solver, klondike-hints, attack, crash, journal, pools"),
        (["pong"], "unknown mode 'pong'; the modes are: ping, set, idle, startup, solver, klondike-solver, klondike-hints, attack, crash, journal, pools"),
        (["journal"], "journal needs --data DIR"),
        (["journal", "--data", "d", "--results", "0"], "--results must be a number from 1 to 100000000, not '0'"),
        (["pools", "--waiting", "1"], "--waiting must be a number from 2 to 1000000, not '1'"),
        (["ping"], "ping needs --port N"),
        (["set", "--rooms", "10"], "set needs --port N"),
        (["ping", "--port"], "--port needs a value"),
        (["ping", "--port", "0"], "--port must be a number from 1 to 65535, not '0'"),
        (["ping", "--port", "65536"], "--port must be a number from 1 to 65535, not '65536'"),
        (["ping", "--port", "1", "--connections", "0"], "--connections must be a number from 1 to 50000, not '0'"),
        (["ping", "--port", "1", "--seconds", "ten"], "--seconds must be a number from 1 to 3600, not 'ten'"),
        (["ping", "--port", "1", "--protocol", "http"], "--protocol must be cardserver or redis, not 'http'"),
        (["ping", "--port", "1", "--pipeline", "0"], "--pipeline must be a number from 1 to 1024, not '0'"),
        (["ping", "--port", "1", "--pipeline", "1025"], "--pipeline must be a number from 1 to 1024, not '1025'"),
        (["ping", "--port", "1", "--pipeline", "16x"], "--pipeline must be a number from 1 to 1024, not '16x'"),
        (["ping", "--port", "1", "--pipeline"], "--pipeline needs a value"),
        (["idle", "--port", "1", "--pipeline", "16"], "unknown option '--pipeline' for idle"),
        (["ping", "--port", "1", "--rooms", "3"], "unknown option '--rooms' for ping"),
        (["idle", "--port", "1", "--protocol", "redis"], "unknown option '--protocol' for idle"),
        (["set", "--port", "1", "--players", "1"], "--players must be a number from 2 to 8, not '1'"),
        (["set", "--port", "1", "--think-ms", "-1"], "--think-ms must be a number from 0 to 10000, not '-1'"),
        (["ping", "--port", "1", "--server-pid", "0"], "--server-pid must be a number from 1 to 2147483647, not '0'"),
        (["startup"], "startup needs --binary PATH"),
        (["startup", "--binary", "b", "--runs", "0"], "--runs must be a number from 1 to 1000, not '0'"),
        (["solver", "--rounds", "0"], "--rounds must be a number from 1 to 100000000, not '0'"),
        (["klondike-solver", "--draw", "2"], "--draw must be 1 or 3, not '2'"),
        (["klondike-solver", "--solution", "-1"], "--solution must be a deal's seed, 0 to 9007199254740991, not '-1'"),
        (["klondike-solver", "--json", "1"], "unknown option '1' for klondike-solver"),
        (["klondike-solver", "--threads", "3"], "--threads must be a number from 1 to 2, not '3'"),
        (["klondike-hints", "--draw", "2"], "--draw must be 1 or 3, not '2'"),
        (["klondike-hints", "--budget-ms", "5"], "unknown option '--budget-ms' for klondike-hints"),
        (["crash"], "crash needs --binary PATH"),
        (["crash", "--binary", "b", "--cycles", "0"], "--cycles must be a number from 1 to 10000, not '0'"),
        (["crash", "--binary", "b", "--appendfsync", "sometimes"], "--appendfsync must be always, everysec or no, not 'sometimes'"),
        (["ping", "--port", "1", "--host", "10.0.0.1"],
         "--host must be a loopback IPv4 address (127.0.0.0/8), not '10.0.0.1': cardbench loads this machine only"),
        (["idle", "--port", "1", "--host", "localhost"],
         "--host must be a loopback IPv4 address (127.0.0.0/8), not 'localhost': cardbench loads this machine only"),
    ])
    func badArgumentsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(message: message)) { try Options.parse(arguments) }
    }

    @Test func aBadCommandLineExits64WithErrorAndUsageOnStandardError() {
        let outcome = Options.outcome(of: ["ping", "--connections", "5"])
        #expect(outcome == .exit(status: 64, output: "", error: "Error: ping needs --port N\n\(Options.usage)\n"))
    }

    @Test func helpAndVersionExit0OnStandardOutput() {
        #expect(Options.outcome(of: ["--help"]) == .exit(status: 0, output: Options.help + "\n", error: ""))
        #expect(Options.outcome(of: ["--version"]) == .exit(status: 0, output: "cardbench 0.12.0\n", error: ""))
    }

    @Test func theUsageNamesEveryMode() {
        for mode in Options.modes {
            #expect(Options.usage.contains("cardbench \(mode.name) "))
            #expect(Options.help.contains("  \(mode.name) "))
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.255.0.9", true), ("128.0.0.1", false), ("0.0.0.0", false), ("::1", false),
        ("localhost", false), ("", false),
    ])
    func onlyLoopbackAddressesAreTargets(host: String, loopback: Bool) {
        #expect(Loopback.isLoopback(host) == loopback)
    }
}
