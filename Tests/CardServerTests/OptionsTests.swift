import ServerTestSupport
import Testing
@testable import cardserver

/// The command line of cardserver.
struct OptionsTests {
    @Test func noArgumentsRunWithTheDocumentedDefaults() throws {
        #expect(try Options.parse([]) == .run(Options(
            host: "::", port: 7878, maxClients: 10_000, graceSeconds: 120, outputLimit: 1_048_576, maxOutputTotal: 268_435_456,
            commandRate: 50, commandBurst: 100, loginTimeoutSeconds: 300, dataDirectory: "./cardserver-data")))
    }

    @Test func everyOptionIsRead() throws {
        let request = try Options.parse([
            "--host", "127.0.0.1", "--port", "0", "--max-clients", "5", "--grace", "1", "--output-limit", "65536",
            "--max-output-total", "1048576", "--rate", "0", "--burst", "7", "--login-timeout", "9", "--data", "/tmp/x",
            "--max-rooms", "3", "--max-connections-per-address", "0", "--rooms-per-minute", "4", "--failed-joins-per-minute", "6",
        ])
        #expect(request == .run(Options(
            host: "127.0.0.1", port: 0, maxClients: 5, graceSeconds: 1, outputLimit: 65536, maxOutputTotal: 1_048_576,
            commandRate: 0, commandBurst: 7, loginTimeoutSeconds: 9, dataDirectory: "/tmp/x",
            maxRooms: 3, maxConnectionsPerAddress: 0, roomsPerMinute: 4, failedJoinsPerMinute: 6)))
    }

    @Test(arguments: ["cards.example", "https://cards.example/", "https://cards.example/play", "ftp://cards.example", "https://", "https://cards.example:99999", "https://cards example"])
    func anOriginThatCouldNeverMatchIsRefused(origin: String) {
        #expect(throws: Options.ParseError(message: "--allow-origin must be an origin as a browser sends it (https://cards.example, "
            + "http://10.0.0.5:8080: a scheme, a host and an optional port, no path and no trailing slash) or *, not '\(origin)'")) {
            try Options.parse(["--allow-origin", origin])
        }
    }

    @Test func originsAsBrowsersWriteThemAreTaken() throws {
        let request = try Options.parse(["--allow-origin", "https://cards.example", "--allow-origin", "http://10.0.0.5:8080", "--allow-origin", "http://[::1]:7878", "--allow-origin", "*"])
        guard case .run(let options) = request else { Issue.record("\(request)"); return }
        #expect(options.allowedOrigins == ["https://cards.example", "http://10.0.0.5:8080", "http://[::1]:7878", "*"])
    }

    @Test func hostNamesAreTakenAndAnythingElseIsRefused() throws {
        let request = try Options.parse(["--allow-host", "cards.example", "--allow-host", "*"])
        guard case .run(let options) = request else { Issue.record("\(request)"); return }
        #expect(options.allowedHosts == ["cards.example", "*"])
        #expect(throws: Options.ParseError(message: "--allow-host must be a host name as a browser's address bar has it (cards.example: "
            + "no scheme, port or path) or *, not 'https://cards.example'")) {
            try Options.parse(["--allow-host", "https://cards.example"])
        }
    }

    @Test func theTurnBudgetIsReadInMillisecondsAndIsNeverZero() throws {
        #expect(Options().turnBudgetMilliseconds == 4)
        let request = try Options.parse(["--turn-budget", "200"])
        guard case .run(let options) = request else { Issue.record("\(request)"); return }
        #expect(options.turnBudgetMilliseconds == 200)
        #expect(throws: Options.ParseError.self) { try Options.parse(["--turn-budget", "0"]) }
        #expect(Options.help.contains("\n  --turn-budget MS      How long one turn of the loop handles lines before\n"))
    }

    @Test func outputLimitsTakeSizesAsTheDataLimitsDo() throws {
        let request = try Options.parse(["--output-limit", "64K", "--max-output-total", "16M"])
        guard case .run(let options) = request else { Issue.record("\(request)"); return }
        #expect(options.outputLimit == 65_536)
        #expect(options.maxOutputTotal == 16_777_216)
    }

    @Test func repairAsksForTheDataFolderRepairedInsteadOfAServer() throws {
        #expect(try Options.parse(["--repair", "--data", "/tmp/x"]) == .repair(dataDirectory: "/tmp/x"))
        #expect(try Options.parse(["--data", "/tmp/x", "--repair", "--port", "1"]) == .repair(dataDirectory: "/tmp/x"))
        #expect(try Options.parse(["--repair"]) == .repair(dataDirectory: "./cardserver-data"))
        #expect(try Options.parse(["--repair", "--help"]) == .help)
        #expect(Options.usage.hasPrefix("USAGE: cardserver [--host ADDR] [--port N] [--data DIR] [--repair]\n"))
        #expect(Options.help.contains("\n  --repair              Repair DIR's room log and results journal instead\n"))
    }

    @Test func helpAndVersionWin() throws {
        #expect(try Options.parse(["--port", "1", "-h"]) == .help)
        #expect(try Options.parse(["--help"]) == .help)
        #expect(try Options.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        (["--port", "65536"], "--port must be a number from 0 to 65535, not '65536'"),
        (["--port"], "--port needs a value"),
        (["--max-clients", "zero"], "--max-clients must be a number from 1 to 1000000, not 'zero'"),
        (["--grace", "-1"], "--grace must be a number from 0 to 86400, not '-1'"),
        (["--output-limit", "10"], "--output-limit must be a size from 1024 to 1073741824 bytes (K, M and G allowed), not '10'"),
        (["--max-output-total", "1048575"], "--max-output-total must be a size from 1048576 to 1099511627776 bytes (K, M and G allowed), not '1048575'"),
        (["--max-rooms", "-1"], "--max-rooms must be a number from 0 to 1000000, not '-1'"),
        (["--rooms-per-minute"], "--rooms-per-minute needs a value"),
        (["serve"], "unknown option 'serve'"),
    ])
    func badArgumentsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(message: message)) { try Options.parse(arguments) }
    }
}
