import Testing
import Wire

/// Sets up an rps room: ann creates it, bob joins, and the match starts by itself.
package enum RPSTable {
    /// - Returns: ann and bob with every message up to the first `playing` state read, and the room code.
    package static func seat<Server: ServerUnderTest>(_ server: Server, options: String = "{}") throws -> (ann: Server.Client, bob: Server.Client, room: String) {
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":\#(options)}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        #expect(try bob.expect("state")["phase"] == .string("playing"))
        try ann.expect("player_joined")
        #expect(try ann.expect("state")["phase"] == .string("playing"))
        return (ann, bob, room)
    }

    /// A one-round match in which ann has thrown `sign` and both have seen the state
    /// that says so: bob's next throw ends the game.
    package static func annHasThrown<Server: ServerUnderTest>(_ server: Server, _ sign: String) throws -> (ann: Server.Client, bob: Server.Client) {
        let (ann, bob, _) = try seat(server, options: #"{"rounds":1}"#)
        ann.send(#"{"type":"throw","sign":"\#(sign)"}"#)
        try ann.expect("thrown")
        try ann.expect("state")
        try bob.expect("state")
        return (ann, bob)
    }
}
