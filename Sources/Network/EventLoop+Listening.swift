import CLinux
import Glibc
import SystemCall

// Listening sockets: bind, accept, and what to do when descriptors run out.
extension EventLoop {
    // MARK: - Listening

    /// Binds and listens. `host` is an IPv4 or IPv6 literal ("127.0.0.1", "::",
    /// "0.0.0.0", "::1"); "::" listens dual-stack (IPV6_V6ONLY off), and falls back
    /// to 0.0.0.0 when IPv6 is unavailable (socket() fails with EAFNOSUPPORT).
    /// Port 0 picks a free port. SO_REUSEADDR is on. Returns the address actually
    /// bound (host without brackets), so a caller passing port 0 learns the port.
    /// May be called more than once to listen on several addresses.
    @discardableResult
    public func listen(host: String, port: UInt16, backlog: Int32 = 511) throws(NetworkError) -> (host: String, port: UInt16) {
        var address = try SocketAddress(host: host, port: port)
        let fd: Int32
        do throws(NetworkError) {
            fd = try Syscall.tcpSocket(family: address.family, description: address.description)
        } catch where error.errno == EAFNOSUPPORT && address.isIPv6Unspecified {
            address = try SocketAddress(host: "0.0.0.0", port: port)
            fd = try Syscall.tcpSocket(family: address.family, description: address.description)
        }
        let name = address.description
        do throws(NetworkError) {
            try Syscall.call("setsockopt(\(name), SO_REUSEADDR)", clinux_set_reuseaddr(fd))
            if address.isIPv6Unspecified {
                try Syscall.call("setsockopt(\(name), IPV6_V6ONLY)", clinux_set_v6only(fd, 0))
            }
            _ = try address.withSockAddr { (pointer, length) throws(NetworkError) in
                try Syscall.call("bind(\(name))", Glibc.bind(fd, pointer, length))
            }
            try Syscall.call("listen(\(name))", Glibc.listen(fd, backlog))
            let (_, bound) = try SocketAddress.receive { (pointer, length) throws(NetworkError) in
                try Syscall.call("getsockname(\(name))", getsockname(fd, pointer, length))
            }
            let token = nextListenerToken
            try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_ADD, fd: fd, events: CLINUX_EPOLL_IN, token: token)
            nextListenerToken += 1
            listeners.append(Listener(fd: fd, token: token))
            return (bound.host, bound.port)
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    /// Stops accepting new connections (closes the listening sockets); the loop
    /// and the open connections keep running.
    public func stopListening() {
        for listener in listeners {
            listener.closed = true
            try? Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_DEL, fd: listener.fd, events: 0, token: listener.token)
            Syscall.close(listener.fd)
        }
        listeners.removeAll()
    }


    func acceptConnections(_ listener: Listener) {
        for _ in 0 ..< EventLoop.maxAcceptsPerTurn {
            guard !listener.closed, !listener.paused else { return }
            let accepted: (IOResult<Int32>, SocketAddress)
            do throws(NetworkError) {
                accepted = try SocketAddress.receive { (pointer, length) throws(NetworkError) in
                    try Syscall.accept(listener.fd, pointer, length)
                }
            } catch {
                switch error.errno {
                case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET,
                     EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                    // The new connection failed before we got it (see accept(2)): take the next.
                    continue
                case EMFILE, ENFILE:
                    switch refuseWithSpareDescriptor(listener, outOfDescriptors: error) {
                    case .refused: continue
                    case .noneWaiting: return
                    case .noSpare:
                        pause(listener)
                        return
                    }
                default:
                    // ENOBUFS, ENOMEM or worse: rest instead of spinning.
                    pause(listener)
                    return
                }
            }
            guard case .done(let fd) = accepted.0 else { return }
            if refusedForDescriptors > 0 {
                log?("accepting connections again, after refusing \(refusedForDescriptors) for want of file descriptors")
                refusedForDescriptors = 0
            }
            if spareFD < 0 {
                spareFD = EventLoop.openSpareDescriptor()
            }
            try? Syscall.setNoDelay(fd)
            let id = ConnectionID(rawValue: nextConnectionNumber)
            do throws(NetworkError) {
                try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_ADD, fd: fd, events: CLINUX_EPOLL_IN, token: id.rawValue)
            } catch {
                Syscall.close(fd)
                continue
            }
            nextConnectionNumber += 1
            connections[id] = Connection(id: id, fd: fd)
            delegate?.connectionOpened(id, peer: accepted.1.description)
        }
    }

    /// What became of a connection waiting when descriptors ran out.
    enum Refusal {
        /// Accepted with the spare descriptor, sent the refusal, and closed.
        case refused
        /// No connection was waiting after all.
        case noneWaiting
        /// There is no spare descriptor (it could not be opened again), or accept failed anyway.
        case noSpare
    }

    /// Accept ran out of descriptors (EMFILE or ENFILE) with a connection waiting: frees the
    /// spare descriptor to accept it, sends it `refusalWhenOutOfDescriptors` and closes it, then
    /// takes the spare again. Without this the connection would wait unanswered in the
    /// listen queue, and the listener would wake the loop again at once. Logs the first
    /// refusal of an episode; the next accept that works ends it.
    func refuseWithSpareDescriptor(_ listener: Listener, outOfDescriptors error: NetworkError) -> Refusal {
        guard spareFD >= 0 else { return .noSpare }
        Syscall.close(spareFD)
        spareFD = -1
        defer { spareFD = EventLoop.openSpareDescriptor() }
        let accepted = try? SocketAddress.receive { (pointer, length) throws(NetworkError) in
            try Syscall.accept(listener.fd, pointer, length)
        }
        guard let accepted else { return .noSpare }
        guard case .done(let fd) = accepted.0 else { return .noneWaiting }
        // Logged before the refusal goes out, so whoever reads the refusal finds the log line written.
        if refusedForDescriptors == 0 {
            log?("out of file descriptors (\(error)): refusing new connections until some close")
        }
        refusedForDescriptors += 1
        if !refusalWhenOutOfDescriptors.isEmpty {
            // One try: the socket is new and its send buffer empty, so a line goes whole.
            _ = refusalWhenOutOfDescriptors.withUnsafeBytes { try? Syscall.send(fd, $0) }
        }
        discardInput(fd)
        Syscall.close(fd)
        return .refused
    }

    /// A descriptor on /dev/null to hold in reserve, or -1 when none can be opened.
    static func openSpareDescriptor() -> Int32 {
        Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Stops watching a listener for `acceptPause`.
    func pause(_ listener: Listener) {
        listener.paused = true
        try? Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_MOD, fd: listener.fd, events: 0, token: listener.token)
        schedule(after: EventLoop.acceptPause) { [weak self] in
            guard let self, !listener.closed else { return }
            listener.paused = false
            try? Syscall.epollControl(self.epollFD, CLINUX_EPOLL_CTL_MOD, fd: listener.fd, events: CLINUX_EPOLL_IN, token: listener.token)
        }
    }

}
