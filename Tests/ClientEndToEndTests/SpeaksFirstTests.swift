import Foundation
import Glibc
import TestServers
import Testing

/// cardclient speaks first, so the server greets it at once instead of after the greeting delay
/// (50 ms, or 3 s from an address that just loaded the web client: Protocol.md, Transports).
@Suite(.ownThread, .needs(.tmux))
struct SpeaksFirstTests {
    /// A listener on a free loopback port that never greets: whatever the client sends, it sends
    /// before any `hello`.
    @Test func theFirstLineIsAPingSentBeforeAnyGreeting() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listening else { throw TestFailure("no loopback listener") }
        let port = UInt16(bigEndian: address.sin_port)

        let settings = EndToEndTests.settingsFile()
        let terminal = try Tmux(EndToEndTests.clientCommand("--host 127.0.0.1 --port \(port) --name ann", settings: settings))
        defer { terminal.kill(); try? FileManager.default.removeItem(at: settings) }

        let deadline = Date().addingTimeInterval(10 * Double(TestBudget.scale))
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 10_000 * Int32(TestBudget.scale)) == 1 else { throw TestFailure("the client never connected") }
        let peer = accept(listener, nil, nil)
        guard peer >= 0 else { throw TestFailure("accept failed") }
        defer { close(peer) }
        var received: [UInt8] = []
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            var entry = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) == 1 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let count = recv(peer, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == "{\"type\":\"ping\"}\n")
    }
}
