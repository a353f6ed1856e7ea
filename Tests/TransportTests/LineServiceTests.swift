import Testing
import Transport
import Wire

/// The transport alone, under a service that records lines and a host that records bytes: the
/// contract the game server relies on, with no game server and no socket.
struct LineServiceTests {
    /// A host with no clock of its own to speak of: bytes, closes and reading kept per connection.
    final class RecordingHost: TransportHost {
        var bytes: [ConnectionNumber: [UInt8]] = [:]
        var closed: Set<ConnectionNumber> = []
        var notReading: Set<ConnectionNumber> = []
        var timers: [UInt64: () -> Void] = [:]
        var nextTimer: UInt64 = 1

        func sendBytes(_ bytes: [UInt8], to connection: ConnectionNumber) { self.bytes[connection, default: []] += bytes }
        func frameLines(of connection: ConnectionNumber, with framing: @escaping (ArraySlice<UInt8>) -> [UInt8]) {}
        func closeAfterFlush(_ connection: ConnectionNumber) { closed.insert(connection) }
        func unsentBytes(of connection: ConnectionNumber) -> Int? { closed.contains(connection) ? nil : 0 }
        func hasUnreadInput(of connection: ConnectionNumber) -> Bool { false }
        func readSocket(of connection: ConnectionNumber, _ reading: Bool) {
            if reading { notReading.remove(connection) } else { notReading.insert(connection) }
        }
        func notifyWhenDrained(_ connection: ConnectionNumber, atMost bytes: Int) {}
        func scheduleTimer(after delay: Duration, _ action: @escaping () -> Void) -> TransportTimer {
            timers[nextTimer] = action
            nextTimer += 1
            return TransportTimer(rawValue: nextTimer - 1)
        }
        func cancelTimer(_ timer: TransportTimer) { timers[timer.rawValue] = nil }
        var monotonicNanoseconds: UInt64 { 0 }
        func logLine(_ message: String) {}
        var transferredBytes: (received: UInt64, sent: UInt64) { (0, 0) }
    }

    /// A service that keeps each line as text and, as the game server does, holds the rest back
    /// after `holdAfter` lines, telling the transport to read no further.
    final class RecordingService: LineService {
        final class Owner {
            let id: ConnectionNumber
            let peer: String
            init(_ id: ConnectionNumber, peer: String) {
                self.id = id
                self.peer = peer
            }
        }
        weak var transport: TransportLayer?
        var lines: [String] = []
        var greeted: [ConnectionNumber] = []
        var refusedHTTP: [ConnectionNumber] = []
        var holdAfter = Int.max

        func connectionOpened(_ connection: ConnectionNumber, peer: String) -> AnyObject { Owner(connection, peer: peer) }
        func address(of owner: AnyObject) -> String { (owner as! Owner).peer }
        func connectionSpeaksLines(_ connection: ConnectionNumber, overWebSocket: Bool) { greeted.append(connection) }
        func takeLines(of owner: AnyObject, _ scan: (_ judge: (LineFramer.FrameView) -> LineFramer.Verdict) -> Void) {
            scan { frame in
                if case .line(let line) = frame { lines.append(String(decoding: line, as: UTF8.self)) }
                guard lines.count >= holdAfter else { return .next }
                transport?.setReading((owner as! Owner).id, false)
                return .hold
            }
        }
        func firstLineWasHTTP(_ connection: ConnectionNumber) { refusedHTTP.append(connection) }
        func connectionDrained(_ connection: ConnectionNumber) {}
        func connectionClosed(_ connection: ConnectionNumber, reason: String) {}
        func metricsText(_ figures: TransportFigures) -> String { "" }
    }

    /// A transport taking protocol 1 over NDJSON only, and its two sides, which the caller keeps
    /// alive (the transport holds them unowned).
    static func transport() -> (TransportLayer, RecordingHost, RecordingService) {
        let host = RecordingHost()
        let service = RecordingService()
        let transport = TransportLayer(config: TransportConfig(web: nil, pauseInputAboveUnsentBytes: 100, resumeInputAtUnsentBytes: 25), host: host, service: service)
        service.transport = transport
        return (transport, host, service)
    }

    @Test func aConnectionIsGreetedAtOnceAndItsLinesArriveWholeAcrossReads() {
        let (transport, host, service) = Self.transport()
        let id = ConnectionNumber(rawValue: 1)
        transport.opened(id, peer: "127.0.0.1")
        #expect(service.greeted == [id])
        for chunk in ["{\"a\"", ":1}\n\n{\"b\":2}\r", "\n{\"c\""] {
            Array(chunk.utf8).withUnsafeBytes { transport.received(id, bytes: $0) }
        }
        #expect(service.lines == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(host.bytes[id] == nil)
        withExtendedLifetime(host) {}
    }

    @Test func linesHeldBackByTheServiceComeFirstWhenItReadsAgain() {
        let (transport, host, service) = Self.transport()
        let id = ConnectionNumber(rawValue: 1)
        transport.opened(id, peer: "127.0.0.1")
        service.holdAfter = 1
        Array("1\n2\n3\n".utf8).withUnsafeBytes { transport.received(id, bytes: $0) }
        #expect(service.lines == ["1"])
        #expect(host.notReading == [id])
        service.holdAfter = .max
        transport.setReading(id, true)
        #expect(service.lines == ["1", "2", "3"])
        #expect(host.notReading.isEmpty)
    }

    @Test func aServiceThatHoldsAgainWhileReadingOnKeepsTheSocketUnread() {
        let (transport, host, service) = Self.transport()
        let id = ConnectionNumber(rawValue: 1)
        transport.opened(id, peer: "127.0.0.1")
        service.holdAfter = 1
        Array("1\n2\n3\n".utf8).withUnsafeBytes { transport.received(id, bytes: $0) }
        service.holdAfter = 2
        transport.setReading(id, true)
        // The second line held the rest again: the socket stays unread, the third line waits.
        #expect(service.lines == ["1", "2"])
        #expect(host.notReading == [id])
        service.holdAfter = .max
        transport.setReading(id, true)
        #expect(service.lines == ["1", "2", "3"])
        #expect(host.notReading.isEmpty)
    }

    @Test func aFirstLineThatStartsLikeARequestGoesToTheServiceAsARefusalNotALine() {
        let (transport, host, service) = Self.transport()
        let id = ConnectionNumber(rawValue: 1)
        transport.opened(id, peer: "127.0.0.1")
        Array("GET / HTTP/1.1\r\n{\"a\":1}\n".utf8).withUnsafeBytes { transport.received(id, bytes: $0) }
        #expect(service.refusedHTTP == [id])
        #expect(service.lines == [])
        withExtendedLifetime(host) {}
    }

    @Test func aClosedConnectionIsReadNoFurther() {
        let (transport, host, service) = Self.transport()
        let id = ConnectionNumber(rawValue: 1)
        transport.opened(id, peer: "127.0.0.1")
        transport.close(id)
        Array("{\"a\":1}\n".utf8).withUnsafeBytes { transport.received(id, bytes: $0) }
        #expect(host.closed == [id])
        #expect(service.lines == [])
    }
}
