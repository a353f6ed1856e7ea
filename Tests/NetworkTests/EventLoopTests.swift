import Foundation
import Glibc
import TestServers
import Testing
@testable import Network

@Suite("EventLoop", .ownThread, .serialized)
struct EventLoopTests {
    @Test("echo over real loopback sockets, peers reported, peer close seen")
    func echo() throws {
        let server = try LoopThread()
        defer { server.stop() }
        server.start()

        let clients = try (0 ..< 3).map { _ in try TestClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            // Several lines in one write, then one line in pieces.
            #expect(client.send("hello \(index)\nsecond \(index)\n"))
            #expect(client.readLine() == "hello \(index)")
            #expect(client.readLine() == "second \(index)")
            #expect(client.send("par"))
            // Not a wait for anything: a gap, so the rest most likely arrives in a read of its own.
            usleep(2_000)
            #expect(client.send("ts \(index)\n"))
            #expect(client.readLine() == "parts \(index)")
        }
        #expect(server.delegate.opened.count == 3)
        let peers = Set(server.delegate.peers.values)
        #expect(peers == Set(clients.map { "127.0.0.1:\($0.localPort)" }))

        let firstID = try #require(server.delegate.opened.first)
        Glibc.shutdown(clients[0].fd, Int32(SHUT_WR))
        #expect(server.delegate.wait { $0.closed[firstID] != nil })
        #expect(server.delegate.closed[firstID] == .peerClosed)
        // The others still work.
        #expect(clients[1].send("still here\n"))
        #expect(clients[1].readLine() == "still here")

        #expect(server.stop() == nil)
        #expect(server.loop.connectionCount == 2)
    }

    @Test("a large transfer is echoed in order across many reads and writes")
    func largeEcho() throws {
        var limits = NetworkLimits()
        limits.maxReadBytesPerTurn = 4096
        limits.maxWriteBytesPerTurn = 8192
        let server = try LoopThread(limits: limits)
        defer { server.stop() }
        server.start()
        let client = try TestClient(port: server.port)
        var payload: [UInt8] = []
        for i in 0 ..< 4000 {
            payload += Array("line number \(i) with some padding to make it longer\n".utf8)
        }
        #expect(client.send(payload))
        let echoed = client.read(count: payload.count)
        #expect(echoed == payload)
        #expect(server.delegate.receiveCalls >= payload.count / 4096)
        #expect(server.stop() == nil)
    }

    @Test("close(flushFirst: true) delivers everything queued, then EOF; close without flush is immediate")
    func flushThenClose() throws {
        let server = try LoopThread()
        defer { server.stop() }
        server.start()
        // A small receive buffer forces partial writes and the EPOLLOUT path.
        let slow = try TestClient(port: server.port, receiveBuffer: 4096)
        #expect(slow.send("hi\nBYE 300000\n"))
        #expect(slow.readLine() == "hi")
        // No wait here: with a 4 KiB receive buffer, the server's writes of 300 kB block (and
        // it waits for EPOLLOUT) however soon the client starts reading.
        let (bytes, sawEOF) = slow.readToEnd()
        #expect(sawEOF)
        #expect(bytes == TestPattern.bytes(300_000))

        let quitter = try TestClient(port: server.port)
        // "after" is parsed in the same handler call: sending to a closing connection is a no-op.
        #expect(quitter.send("QUIT\nafter\n"))
        let (rest, quitEOF) = quitter.readToEnd()
        #expect(quitEOF)
        #expect(rest.isEmpty)

        #expect(server.delegate.wait { $0.closed.count == 2 })
        #expect(server.stop() == nil)
        let opened = server.delegate.opened
        #expect(opened.count == 2)
        for id in opened {
            #expect(server.delegate.closed[id] == .closedByServer)
        }
        #expect(server.loop.connectionCount == 0)
    }

    @Test("a client that never reads is cut off with .outputOverflow while another still echoes")
    func overflow() throws {
        var limits = NetworkLimits()
        limits.maxPendingOutputBytes = 64 * 1024
        let server = try LoopThread(limits: limits)
        defer { server.stop() }
        server.start()

        let reader = try TestClient(port: server.port)
        let sink = try TestClient(port: server.port, receiveBuffer: 4096)
        #expect(sink.send("FLOOD\n"))
        #expect(server.delegate.wait { !$0.flooded.isEmpty })
        let floodID = try #require(server.delegate.flooded.first)

        var round = 0
        let deadline = Date().addingTimeInterval(15)
        while server.delegate.closed[floodID] == nil, Date() < deadline {
            #expect(reader.send("ping \(round)\n"))
            #expect(reader.readLine() == "ping \(round)")
            round += 1
        }
        let reason = try #require(server.delegate.closed[floodID])
        guard case .outputOverflow(let pending) = reason else {
            Issue.record("expected outputOverflow, got \(reason)")
            return
        }
        #expect(pending > limits.maxPendingOutputBytes)
        #expect(reader.send("after\n"))
        #expect(reader.readLine() == "after")
        #expect(server.stop() == nil)
        #expect(server.loop.connectionCount == 1)
    }

    @Test("a paused connection's bytes wait in the kernel until it is resumed, while others are served")
    func pauseAndResumeReading() throws {
        let server = try LoopThread()
        defer { server.stop() }
        server.start()
        let paused = try TestClient(port: server.port)
        #expect(paused.send("PAUSE\n"))
        #expect(paused.readLine() == "paused")
        let pausedID = try #require(server.delegate.opened.first)
        // 1 MiB while paused: more than the kernel buffers, so part of it waits in this process.
        let payload = (0 ..< 16_384).flatMap { Array(String(format: "line %05d .......................................\n", $0).utf8) }
        let sender = Thread { _ = paused.send(payload) }
        sender.start()

        let other = try TestClient(port: server.port)
        #expect(other.send("still served\n"))
        #expect(other.readLine() == "still served")
        #expect(!paused.isReadable(within: 200), "a paused connection was read and echoed")
        let callsWhilePaused = server.delegate.receiveCalls

        #expect(other.send("RESUME \(pausedID.rawValue)\n"))
        #expect(other.readLine() == "resumed")
        let echoed = paused.read(count: payload.count)
        #expect(echoed == payload, "\(echoed?.count ?? -1) bytes echoed, not the payload")
        #expect(server.delegate.receiveCalls > callsWhilePaused)
        #expect(server.delegate.closed.isEmpty)
        #expect(server.stop() == nil)
    }

    @Test("connectionDrained comes once, on the loop's thread, when the output is written down to the mark")
    func drainNotification() throws {
        let server = try LoopThread()
        defer { server.stop() }
        server.start()
        // A small receive buffer keeps most of the 900 kB (under the 1 MiB cap) unsent until the client reads.
        let client = try TestClient(port: server.port, receiveBuffer: 4096)
        #expect(client.send("BIG 900000\n"))
        // While the loop holds some of it unsent, there has been no drain. (Once the kernel's
        // buffers have taken the rest, it may come before the client reads: loopback's send
        // buffer can grow to hold most of the 900 kB.)
        #expect(server.delegate.wait { !$0.opened.isEmpty })
        let clientID = try #require(server.delegate.opened.first)
        #expect(try server.drainsWhileUnsent(clientID, moreThan: 0) == 0, "drained while output was pending")
        let received = client.read(count: 900_000)
        #expect(received == TestPattern.bytes(900_000), "\(received?.count ?? -1) bytes, not the pattern")
        #expect(client.readLine() == "")
        #expect(client.readLine() == "drained")
        let drained = server.delegate.drained
        #expect(drained.count == 1)
        #expect(drained.first?.0 == server.delegate.opened.first)
        #expect(drained.first?.onLoopThread == true)
        // Asked when nothing is pending, it comes at the end of the same turn.
        #expect(client.send("BIG 0\n"))
        #expect(client.readLine() == "")
        #expect(client.readLine() == "drained")
        #expect(server.delegate.drained.count == 2)
        #expect(server.stop() == nil)
    }

    @Test("hundreds of connections on one loop")
    func manyConnections() throws {
        let server = try LoopThread()
        defer { server.stop() }
        server.start()
        let clients = try (0 ..< 300).map { _ in try TestClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            #expect(client.send("client \(index)\n"))
        }
        for (index, client) in clients.enumerated() {
            #expect(client.readLine() == "client \(index)")
        }
        #expect(server.delegate.opened.count == 300)
        #expect(Set(server.delegate.opened).count == 300)
        #expect(server.stop() == nil)
        #expect(server.loop.connectionCount == 300)
    }

    @Test("timers run in deadline order on the loop; cancelled ones never run")
    func timersOnLoop() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        // Taken before scheduling: the 200 ms timer counts from its own schedule call.
        let start = EventLoop.now()
        // Wide gaps so a busy machine cannot make two of them due in one turn.
        loop.schedule(after: .milliseconds(150)) { fired.append("150") }
        loop.schedule(after: .milliseconds(10)) { [unowned loop] in
            fired.append("10")
            // Scheduled from an action: runs on a later turn, before "100".
            loop.schedule(after: .zero) { fired.append("10+0") }
        }
        let cancelled = loop.schedule(after: .milliseconds(15)) { fired.append("15") }
        loop.schedule(after: .milliseconds(100)) { fired.append("100") }
        loop.schedule(after: .milliseconds(200)) { [unowned loop] in loop.stop() }
        let safety = loop.schedule(after: .seconds(5)) { [unowned loop] in
            fired.append("safety")
            loop.stop()
        }
        loop.cancel(cancelled)
        try loop.run()
        let elapsed = EventLoop.now() - start
        loop.cancel(safety)
        #expect(fired == ["10", "10+0", "100", "150"])
        #expect(elapsed >= 200_000_000)
        #expect(elapsed < 3_000_000_000)
    }

    @Test("a turn of 50 ms or more is logged with where its time went, and the longest is kept")
    func slowTurnsAreLogged() throws {
        let loop = try EventLoop()
        var logged: [String] = []
        loop.log = { logged.append($0) }
        // A quick turn, then one whose timer holds the loop for 60 ms (a clock, not a sleep:
        // the turn is busy, as a slow command would keep it).
        loop.schedule(after: .zero) {}
        loop.schedule(after: .milliseconds(20)) {
            let until = EventLoop.now() + 60_000_000
            while EventLoop.now() < until {}
        }
        loop.schedule(after: .milliseconds(120)) { [unowned loop] in loop.stop() }
        try loop.run()
        // The busy turn, said once (a loaded machine may log another slow turn of its own).
        let busy = logged.compactMap { line in
            line.wholeMatch(of: /a turn took (\d+) ms: (\d+) events (\d+) ms, work put off (\d+) ms, timers (\d+) ms, writes (\d+) ms/)
        }.filter { Int($0.output.5) ?? 0 >= 60 }
        #expect(busy.count == 1, "\(logged)")
        #expect(busy.first.map { Int($0.output.1) ?? 0 >= 60 } == true, "\(logged)")
        #expect(loop.longestTurnNanoseconds >= 60_000_000)
        #expect(loop.longestTurnNanoseconds < 1_000_000_000)
    }

    @Test("the stopper stops a waiting loop from another thread, and a pending stop ends the next run at once")
    func stopper() throws {
        let server = try LoopThread()
        server.start()
        // Once a line is echoed the loop is running, and then waits in epoll_wait for more.
        let probe = try TestClient(port: server.port)
        #expect(probe.send("up\n"))
        #expect(probe.readLine() == "up")
        #expect(server.stop() == nil)

        let loop = try EventLoop()
        loop.stopper.wake()
        let safety = loop.schedule(after: .seconds(5)) { [unowned loop] in loop.stop() }
        let start = EventLoop.now()
        try loop.run()
        #expect(EventLoop.now() - start < 1_000_000_000)
        loop.cancel(safety)
    }

    @Test("signals arrive through the signalfd on the loop, each at the handler it was given with")
    func signals() throws {
        final class Box: @unchecked Sendable {
            var received: [String] = []
            var error: String?
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        // On a thread of its own: the signal mask is per thread, and this one ends.
        let thread = Thread {
            do throws(NetworkError) {
                let loop = try EventLoop()
                try loop.handleSignals([SIGUSR1]) { signal in
                    box.received.append("logged \(signal)")
                }
                try loop.handleSignals([SIGUSR2]) { [unowned loop] signal in
                    box.received.append("stopped \(signal)")
                    loop.stop()
                }
                loop.schedule(after: .milliseconds(5)) {
                    _ = raise(SIGUSR1)
                    _ = raise(SIGUSR2)
                }
                let safety = loop.schedule(after: .seconds(5)) { [unowned loop] in loop.stop() }
                try loop.run()
                loop.cancel(safety)
            } catch {
                box.error = error.description
            }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(box.error == nil)
        #expect(box.received == ["logged \(SIGUSR1)", "stopped \(SIGUSR2)"])
    }

    @Test("drain flushes closing connections, then returns")
    func drain() throws {
        let loop = try EventLoop()
        let delegate = EchoDelegate()
        loop.delegate = delegate
        delegate.loop = loop
        let port = try loop.listen(host: "127.0.0.1", port: 0).port
        let client = try TestClient(port: port, receiveBuffer: 4096)
        // Accept the client on this thread.
        loop.schedule(after: .milliseconds(50)) { [unowned loop] in loop.stop() }
        try loop.run()
        let id = try #require(delegate.opened.first)
        loop.stopListening()
        loop.send(TestPattern.bytes(200_000), to: id)
        loop.close(id, flushFirst: true)
        #expect(loop.pendingOutputBytes(id) == 200_000)
        // Read on a helper thread while this thread drains.
        final class Result: @unchecked Sendable { var bytes: [UInt8] = []; var eof = false }
        let result = Result()
        let finished = DispatchSemaphore(value: 0)
        let clientBox = UncheckedBox(client)
        Thread {
            let (bytes, eof) = clientBox.value.readToEnd()
            result.bytes = bytes
            result.eof = eof
            finished.signal()
        }.start()
        loop.drain(timeout: .seconds(5))
        #expect(delegate.closed[id] == .closedByServer)
        #expect(loop.connectionCount == 0)
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(result.eof)
        #expect(result.bytes == TestPattern.bytes(200_000))
    }

    @Test("drain gives up at the timeout and closes what is left")
    func drainTimeout() throws {
        var limits = NetworkLimits()
        limits.closeFlushTimeout = .seconds(30)
        limits.maxPendingOutputBytes = 64 << 20
        let loop = try EventLoop(limits: limits)
        let delegate = EchoDelegate()
        loop.delegate = delegate
        delegate.loop = loop
        let port = try loop.listen(host: "127.0.0.1", port: 0).port
        let client = try TestClient(port: port, receiveBuffer: 4096)
        loop.schedule(after: .milliseconds(50)) { [unowned loop] in loop.stop() }
        try loop.run()
        let id = try #require(delegate.opened.first)
        // Far more than the kernel buffers (tcp_wmem max is a few MiB) take for a non-reader.
        loop.send([UInt8](repeating: 0x41, count: 24 << 20), to: id)
        loop.close(id, flushFirst: true)
        let start = EventLoop.now()
        loop.drain(timeout: .milliseconds(200))
        let elapsed = EventLoop.now() - start
        #expect(elapsed >= 150_000_000)
        #expect(elapsed < 3_000_000_000)
        #expect(delegate.closed[id] == .closedByServer)
        #expect(loop.connectionCount == 0)
        _ = client
    }

    @Test("listen: port 0, dual-stack ::, bad host and address in use give named errors")
    func listening() throws {
        let loop = try EventLoop()
        let v4 = try loop.listen(host: "127.0.0.1", port: 0)
        #expect(v4.host == "127.0.0.1")
        #expect(v4.port != 0)

        do {
            _ = try loop.listen(host: "127.0.0.1", port: v4.port)
            Issue.record("second bind to the same port succeeded")
        } catch {
            #expect(error.description == "bind(127.0.0.1:\(v4.port)): Address already in use")
            #expect(error.errno == EADDRINUSE)
        }
        do {
            _ = try loop.listen(host: "localhost", port: 0)
            Issue.record("a host name was accepted")
        } catch {
            #expect(error.description.hasPrefix("listen(localhost): "))
        }

        let any = try loop.listen(host: "::", port: 0)
        #expect(any.host == "::" || any.host == "0.0.0.0")
        let delegate = EchoDelegate()
        loop.delegate = delegate
        delegate.loop = loop
        var clients = [try TestClient(port: any.port, host: "127.0.0.1")]
        var expectedPeers = ["127.0.0.1:\(clients[0].localPort)"]
        if any.host == "::", let v6 = try? TestClient(port: any.port, host: "::1") {
            clients.append(v6)
            expectedPeers.append("[::1]:\(v6.localPort)")
        }
        loop.schedule(after: .milliseconds(50)) { [unowned loop] in loop.stop() }
        try loop.run()
        #expect(Set(delegate.peers.values) == Set(expectedPeers))
        loop.stopListening()
        #expect((try? TestClient(port: any.port)) == nil)
    }

    @Test("sending to unknown connections is a no-op; NetworkError names the call")
    func misc() throws {
        let loop = try EventLoop()
        loop.send([1, 2, 3], to: ConnectionID(rawValue: 999))
        loop.close(ConnectionID(rawValue: 999), flushFirst: true)
        #expect(loop.pendingOutputBytes(ConnectionID(rawValue: 999)) == 0)
        #expect(loop.connectionCount == 0)
        #expect(ConnectionID(rawValue: 7).description == "#7")
        let error = NetworkError(call: "bind(0.0.0.0:80)", errno: EACCES)
        #expect(error.description == "bind(0.0.0.0:80): Permission denied")
        let first = EventLoop.now()
        #expect(EventLoop.now() >= first)
    }
}

final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("EventLoopWaker", .ownThread)
struct EventLoopWakerTests {
    @Test("wakes run the handler on the loop's thread, once for all the wakes a turn sees, also from another thread")
    func wakerRunsHandlerOnLoopThread() throws {
        let loop = try EventLoop()
        let loopThread = pthread_self()
        var runs = 0
        var onLoopThread = true
        let waker = try loop.makeWaker { [unowned loop] in
            runs += 1
            onLoopThread = onLoopThread && pthread_equal(pthread_self(), loopThread) != 0
            loop.stop()
        }
        let safety = loop.schedule(after: .seconds(5)) { [unowned loop] in loop.stop() }
        defer { loop.cancel(safety) }

        // Three wakes before the loop runs are one handler call.
        for _ in 0 ..< 3 { waker.wake() }
        try loop.run()
        #expect(runs == 1)
        // The counter was cleared: the next run waits until its own timer.
        let quiet = loop.schedule(after: .milliseconds(50)) { [unowned loop] in loop.stop() }
        try loop.run()
        #expect(runs == 1)
        loop.cancel(quiet)

        // A wake from another thread ends a loop waiting in epoll_wait with nothing else to do.
        let thread = Thread {
            // Not a wait for anything: a gap, so the loop is most likely in epoll_wait by then
            // (a wake before it waits ends the wait at once, which passes too).
            usleep(20_000)
            waker.wake()
        }
        thread.start()
        let start = EventLoop.now()
        try loop.run()
        #expect(EventLoop.now() - start < 2_000_000_000)
        #expect(runs == 2)
        #expect(onLoopThread)
    }
}
