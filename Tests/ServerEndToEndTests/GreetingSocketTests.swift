import Foundation
import ServerTestSupport
import TestServers
import Testing
import Wire

/// The greeting of the real binary over a real socket.
@Suite(.ownThread)
struct GreetingSocketTests {
    @Test func serverGreetsWithHelloListingWorkingGames() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try server.connect()
        let before = Int(Date().timeIntervalSince1970 * 1000)
        let line = try client.receiveLine()
        let prefix = #"{"type":"hello","protocol":1,"server":"cardserver \#(SuiteVersion.number)","games":["set","rps","rps-brain","concentration","klondike"],"started_ms":"#
        #expect(line.hasPrefix(prefix))
        // The server started moments before it greeted: within the last minute.
        let started = try #require(Int(line.dropFirst(prefix.count).dropLast()))
        #expect(started <= before && started > before - 60_000)
    }
}
