import CardServer
import Foundation
import ScriptedServer
import TestServers
import Wire

/// The server on a ``ScriptedHost`` (virtual time, no sockets), with clients that read its
/// lines as a socket client does: a test of rules and rooms reads and asserts the same
/// lines as it would over a socket, without a process.
///
/// The loop is idle whenever a client reads: work handed off the loop (a race's winnable
/// deal) has run and the journal, if any, has written what it was given. Time moves only by
/// `host.advance(by:)`.
package final class VirtualServer: ServerUnderTest {
    package let host: ScriptedHost
    /// The data directory of the journal, when there is one; removed with the server.
    package let dataURL: URL?
    private var nextPort = 40_000

    /// - Parameters:
    ///   - config: the server's settings; the real binary's defaults unless a test needs others.
    ///   - seed: seeds room codes, tokens and secret deals.
    ///   - journal: whether finished games go to a results journal (`results.jsonl` under
    ///     ``dataURL``), as on the real binary.
    package init(config: ServerConfig = ServerConfig(version: "test"), seed: UInt64 = 1, journal: Bool = false) throws {
        if journal {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-virtual-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            dataURL = directory
            host = try ScriptedHost(config: config, seed: seed, journalDirectory: directory.path)
        } else {
            dataURL = nil
            host = ScriptedHost(config: config, seed: seed)
        }
    }

    deinit {
        if let dataURL { try? FileManager.default.removeItem(at: dataURL) }
    }

    package func connect(from source: String?) throws -> ScriptedClient {
        nextPort += 1
        return ScriptedClient(server: self, id: host.connect(peer: "\(source ?? "127.0.0.1"):\(nextPort)"))
    }

    /// Lets the loop go idle: runs what was handed off it and confirms the journal's writes,
    /// until neither has anything left.
    package func settle() {
        repeat {
            if host.journal != nil { host.confirmJournalWrites() }
        } while host.runBackgroundWork() > 0
    }
}

/// One connection to a ``VirtualServer``, read line by line like ``TestClient``.
package final class ScriptedClient: LineClient {
    package let server: VirtualServer
    package let id: ClientID
    package var token: String?
    private var pending: [String] = []
    private let check = ServerLineCheck()

    package init(server: VirtualServer, id: ClientID) {
        self.server = server
        self.id = id
    }

    deinit {
        close()
    }

    package func send(_ line: String) {
        server.host.send(line, from: id)
    }

    package func sendRaw(_ bytes: [UInt8]) {
        server.host.sendRaw(bytes, from: id)
    }

    package func receiveLine() throws -> String {
        if pending.isEmpty {
            server.settle()
            pending = server.host.takeLines(id)
        }
        guard !pending.isEmpty else {
            if server.host.disconnected.contains(id) { throw TestFailure("connection closed by the server") }
            throw TestFailure("no line: the server has sent nothing more, and on virtual time nothing more comes by itself")
        }
        let line = pending.removeFirst()
        check.read(line)
        return line
    }

    package func close() {
        server.host.drop(id)
    }

    package func isClosedByServer() -> Bool {
        while (try? receiveLine()) != nil {}
        return server.host.disconnected.contains(id)
    }
}
