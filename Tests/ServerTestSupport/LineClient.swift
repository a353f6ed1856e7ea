import CardServer
import ProtocolSchema
import TestServers
import Testing
import Wire

/// A client of the server under test that reads its lines one by one: a real socket
/// (``TestClient``) or a connection of a scripted host (``ScriptedClient``). A test reads
/// the same lines, and asserts the same text, through either.
package protocol LineClient: AnyObject {
    /// The session token from `welcome`, once logged in through ``ServerUnderTest/player(_:from:)``.
    var token: String? { get set }
    /// Sends one line (a newline is added).
    func send(_ line: String)
    /// Sends raw bytes as they are.
    func sendRaw(_ bytes: [UInt8])
    /// The next line's text, without its newline, checked by a ``ServerLineCheck``.
    /// - Throws: `TestFailure` when the server closed the connection or sent no line.
    func receiveLine() throws -> String
    /// Drops the connection, as a client whose network went away.
    func close()
    /// Whether the server has closed the connection (reads and drops anything before the close).
    func isClosedByServer() -> Bool
}

extension LineClient {
    /// The next message as a JSON object.
    package func receive() throws -> JSONObject {
        let line = try receiveLine()
        guard let object = try JSONParser.parse(line).objectValue else { throw TestFailure("not an object: \(line)") }
        return object
    }

    /// The state that starts a game: states of a waiting room come first (a Klondike race
    /// shows its full seats while its winnable deal is found off the loop).
    package func expectPlayingState() throws -> JSONObject {
        while true {
            let state = try expect("state")
            if state["phase"] == .string("playing") { return state }
        }
    }

    /// The next message, which must be of `type`.
    @discardableResult
    package func expect(_ type: String) throws -> JSONObject {
        let message = try receive()
        guard message["type"]?.stringValue == type else {
            throw TestFailure("expected \(type), got \(message.jsonText)")
        }
        return message
    }

    /// Reads messages until one of `type` arrives; returns it and what came before.
    @discardableResult
    package func receive(until type: String, limit: Int = 200) throws -> (message: JSONObject, before: [JSONObject]) {
        var before: [JSONObject] = []
        for _ in 0..<limit {
            let message = try receive()
            if message["type"]?.stringValue == type { return (message, before) }
            before.append(message)
        }
        throw TestFailure("no \(type) within \(limit) messages")
    }
}

/// What every line a test reads from the server must be: it fits Protocol.schema.json, it
/// reads back through Wire's decoder (as cardclient reads it), and the seed a `game_over`
/// reveals hashes to the commitment the room's states showed.
package final class ServerLineCheck {
    /// Each room's last seed commitment seen in a `state`.
    private var commitments: [String: String] = [:]

    /// Checks one line the server sent, recording an issue for each thing wrong with it.
    package func read(_ line: String) {
        let schema = SchemaValidator.protocolSchema
        let value = try? JSONParser.parse(line)
        let problems = value.map { schema.problems(of: $0, against: "serverMessage") } ?? ["$: not JSON"]
        if let type = value?.objectValue?["type"]?.stringValue, !schema.knows(type: type, in: "serverMessage") {
            // The schema lets a newer server's types through; this server must send only its own.
            Issue.record("a server line of a type Protocol.schema.json does not list: \(line.prefix(300))")
        }
        if !problems.isEmpty {
            Issue.record("a server line does not fit Protocol.schema.json: \(problems.prefix(3).joined(separator: "; ")) in \(line.prefix(300))")
        }
        do {
            checkCommitment(try ServerMessageDecoder.decode(Array(line.utf8)))
        } catch {
            Issue.record("Wire cannot decode a server line: \(error.message) in \(line.prefix(300))")
        }
    }

    /// A dealt game's revealed seed is the one its states committed to.
    private func checkCommitment(_ message: ServerMessage) {
        switch message {
        case .state(let state):
            if let commitment = state.seedCommitment { commitments[state.room] = commitment }
        case .gameOver(let over):
            guard let commitment = commitments.removeValue(forKey: over.room) else { return }
            guard let seed = over.seed else {
                Issue.record("room \(over.room): game_over reveals no seed after a commitment")
                return
            }
            if SHA256.hex(String(seed)) != commitment {
                Issue.record("room \(over.room): game_over reveals seed \(seed), whose SHA-256 is not the commitment \(commitment)")
            }
        default:
            break
        }
    }
}
