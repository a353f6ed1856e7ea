import Foundation
import TestServers
import Testing
import Wire

/// A server the tests talk to through ``LineClient``s: the real binary on a socket
/// (``ServerProcess``) or the server on a scripted host (``VirtualServer``).
package protocol ServerUnderTest {
    associatedtype Client: LineClient
    /// Opens a connection from `source` (a loopback address; nil for 127.0.0.1); its `hello` comes first.
    func connect(from source: String?) throws -> Client
}

extension ServerUnderTest {
    /// Opens a connection from 127.0.0.1; its `hello` comes first.
    package func connect() throws -> Client {
        try connect(from: nil)
    }

    /// Connects (from `source`, if given), logs in and reads `hello`, then `welcome`. The `login`
    /// goes first, as a bot's does: the server greets at once, where a silent connection waits
    /// out the greeting delay (10 s from an address that just made an HTTP request).
    package func player(_ name: String, from source: String? = nil) throws -> Client {
        let client = try connect(from: source)
        client.send(#"{"type":"login","name":"\#(name)"}"#)
        try client.expect("hello")
        client.token = try client.expect("welcome")["token"]?.stringValue
        return client
    }

    /// ann sends `create` (the whole line) and bob joins the room it made; both have read
    /// their `joined`, nothing after it.
    package func seatAnnAndBob(create: String) throws -> (ann: Client, bob: Client, room: String) {
        let ann = try player("ann")
        ann.send(create)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        let bob = try player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        return (ann, bob, room)
    }
}

extension ServerProcess: ServerUnderTest {
    package func connect(from source: String?) throws -> TestClient {
        try TestClient(port: port, timeout: 5, source: source)
    }
}
