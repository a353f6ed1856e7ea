import Testing
import Wire

/// The scripted host itself: virtual time runs the server's timers, and nothing sleeps.
struct ScriptedHostTests {
    @Test func theLoginTimeoutRunsOnVirtualTime() {
        let host = ScriptedHost()
        let conn = host.connect()
        #expect(host.types(conn) == ["hello"])
        host.advance(by: .seconds(299))
        #expect(host.types(conn) == [])
        #expect(!host.disconnected.contains(conn))
        host.advance(by: .seconds(1))
        let sent = host.take(conn)
        #expect(sent.map { $0["code"]?.stringValue } == ["not_logged_in"])
        #expect(host.disconnected.contains(conn))
    }

    @Test func aPlayerPingsAfterLogin() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"ping","id":1}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [#"{"type":"pong","id":1}"#])
    }
}
