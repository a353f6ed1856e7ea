import CLinux
import Glibc
import SystemCall

// Signals through a signalfd, and wakers that let other threads hand work to the loop.
extension EventLoop {
    // MARK: - Signals

    /// Blocks these signals for the calling thread and every thread it starts after:
    /// call it first thing on the main thread, before any other thread exists, so that
    /// no thread has them unblocked and the kernel can only queue them for the loop's
    /// signalfd (`handleSignals`). A thread that exists already keeps its own mask, and
    /// a signal that lands on it acts as if no handler were set: for SIGTERM, death.
    public static func blockSignals(_ signals: [Int32]) throws(NetworkError) {
        var set = sigset_t()
        _ = clinux_sigemptyset(&set)
        for signal in signals where clinux_sigaddset(&set, signal) != 0 {
            throw NetworkError(call: "sigaddset(\(signal))", errno: Glibc.errno)
        }
        let status = clinux_block_signals(&set)
        if status != 0 {
            throw NetworkError(call: "pthread_sigmask", errno: status)
        }
    }

    /// Blocks these signals for the calling thread — call it on the main thread
    /// before starting other threads, which inherit the mask, so that it holds for
    /// the whole process — and delivers them through a signalfd on the loop: the
    /// handler gets the signal number. Calling it again adds signals with their own
    /// handler (a signal named again gets the new one).
    public func handleSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(NetworkError) {
        var set = signalSet
        for signal in signals where clinux_sigaddset(&set, signal) != 0 {
            throw NetworkError(call: "sigaddset(\(signal))", errno: Glibc.errno)
        }
        let status = clinux_block_signals(&set)
        if status != 0 {
            throw NetworkError(call: "pthread_sigmask", errno: status)
        }
        let fd = try Syscall.call("signalfd", clinux_signalfd(signalFD, &set))
        if signalFD < 0 {
            do throws(NetworkError) {
                try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_ADD, fd: fd, events: CLINUX_EPOLL_IN, token: Token.signal)
            } catch {
                Syscall.close(fd)
                throw error
            }
            signalFD = fd
        }
        signalSet = set
        for signal in signals {
            signalHandlers[signal] = handler
        }
    }

    // MARK: - Work from other threads

    /// Makes a handle another thread uses to have `handler` run on this loop's
    /// thread, as part of a turn (so its output goes out at that turn's end).
    /// Keep the handler's captures weak: the loop holds it for its lifetime.
    public func makeWaker(_ handler: @escaping () -> Void) throws(NetworkError) -> EventLoopWaker {
        let waker = try EventLoopWaker()
        let token = Token.firstWaker + UInt64(wakers.count)
        try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_ADD, fd: waker.event.fd, events: CLINUX_EPOLL_IN, token: token)
        wakers.append((token, waker, handler))
        return waker
    }


    // MARK: - Events

    func readWakeups() {
        stopper.event.clear()
        stopRequested = true
    }

    func readSignals() {
        while signalFD >= 0 {
            var signal: UInt32 = 0
            guard case .done(let count)? = try? Syscall.nonBlocking("read(signalfd)", clinux_signalfd_read(signalFD, &signal)),
                  count > 0
            else { return }
            let number = Int32(bitPattern: signal)
            signalHandlers[number]?(number)
        }
    }

}
