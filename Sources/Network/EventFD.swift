import Glibc
import SystemCall

/// An eventfd in the loop's epoll set: any thread may signal it, which wakes
/// the loop; the loop clears it. It closes its descriptor when the last owner
/// lets go, so a signal from a thread that outlives the loop is harmless.
final class EventFD: Sendable {
    let fd: Int32

    init() throws(NetworkError) {
        fd = try Syscall.eventFD()
    }

    deinit {
        Syscall.close(fd)
    }

    /// Adds one to the counter, making the descriptor readable. Safe from any thread.
    func signal() {
        var one: UInt64 = 1
        _ = try? Syscall.nonBlocking("write(eventfd)", Glibc.write(fd, &one, MemoryLayout<UInt64>.size))
    }

    /// Reads the counter back to zero (loop thread).
    func clear() {
        var counter: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &counter) { buffer in
            try? Syscall.read(fd, into: buffer, name: "read(eventfd)")
        }
    }
}
