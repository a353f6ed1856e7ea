import Testing
@testable import cardserver

/// The command line of cardserver.
struct OptionsTests {
    @Test func noArgumentsRunWithTheDocumentedDefaults() throws {
        #expect(try Options.parse([]) == .run(Options(
            host: "::", port: 7878, maxClients: 10_000, graceSeconds: 120, outputLimit: 1_048_576,
            commandRate: 50, commandBurst: 100, loginTimeoutSeconds: 300, dataDirectory: "./cardserver-data")))
    }

    @Test func everyOptionIsRead() throws {
        let request = try Options.parse([
            "--host", "127.0.0.1", "--port", "0", "--max-clients", "5", "--grace", "1", "--output-limit", "65536",
            "--rate", "0", "--burst", "7", "--login-timeout", "9", "--data", "/tmp/x",
            "--max-rooms", "3", "--max-connections-per-address", "0", "--rooms-per-minute", "4", "--failed-joins-per-minute", "6",
        ])
        #expect(request == .run(Options(
            host: "127.0.0.1", port: 0, maxClients: 5, graceSeconds: 1, outputLimit: 65536,
            commandRate: 0, commandBurst: 7, loginTimeoutSeconds: 9, dataDirectory: "/tmp/x",
            maxRooms: 3, maxConnectionsPerAddress: 0, roomsPerMinute: 4, failedJoinsPerMinute: 6)))
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
        (["--output-limit", "10"], "--output-limit must be a number from 1024 to 1073741824, not '10'"),
        (["--max-rooms", "-1"], "--max-rooms must be a number from 0 to 1000000, not '-1'"),
        (["--rooms-per-minute"], "--rooms-per-minute needs a value"),
        (["serve"], "unknown option 'serve'"),
    ])
    func badArgumentsSayWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Options.ParseError(message: message)) { try Options.parse(arguments) }
    }
}
