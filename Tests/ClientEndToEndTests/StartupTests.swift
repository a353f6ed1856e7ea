import Foundation
import Glibc
import TestServers
import Testing

/// The real binary when there is nothing to play on, or the command line is wrong: one line on
/// stderr, a sysexits status, and the terminal never taken (nothing on stdout).
@Suite(.ownThread)
struct StartupTests {
    /// Runs `cardclient` with `arguments` and no terminal; returns its status, stdout and stderr.
    static func run(_ arguments: [String]) throws -> (status: ProcessExit, stdout: String, stderr: String) {
        let run = try BuiltProgram.run("cardclient", arguments)
        return (run.exit, run.output, run.error)
    }

    /// A loopback port nothing listens on: bound, read, closed.
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("no free port") }
        return UInt16(bigEndian: address.sin_port)
    }

    @Test func aClosedPortExits69WithOneLineAndNoScreen() throws {
        let port = try Self.closedPort()
        let result = try Self.run(["--port", String(port), "--name", "ann"])
        #expect(result.status == .exited(69))
        #expect(result.stderr == "cardclient: cannot connect to 127.0.0.1:\(port): Connection refused\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnknownHostExits69() throws {
        let result = try Self.run(["--host", "no-such-host.invalid", "--name", "ann"])
        #expect(result.status == .exited(69))
        #expect(result.stderr.hasPrefix("cardclient: cannot find no-such-host.invalid: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func aBadOptionValueExits64BeforeConnecting() throws {
        let result = try Self.run(["--create", "klondike", "--option", "draw=2", "--port", String(try Self.closedPort())])
        #expect(result.status == .exited(64))
        #expect(result.stderr.hasPrefix("Error: --option draw=2: option 'draw' must be 1 or 3, not 2\nUSAGE: cardclient "))
        #expect(result.stdout.isEmpty)
    }
}
