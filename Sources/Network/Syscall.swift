import CLinux
import Glibc

import SystemCall

/// The Network module's own system calls, on the shared wrappers (EINTR retried,
/// EAGAIN as `.wouldBlock`, other failures thrown as a `NetworkError`).
extension Syscall {
    // MARK: - Typed wrappers

    static func epollCreate() throws(NetworkError) -> Int32 {
        try call("epoll_create1", clinux_epoll_create())
    }

    static func epollControl(_ epfd: Int32, _ op: Int32, fd: Int32, events: UInt32, token: UInt64) throws(NetworkError) {
        try call("epoll_ctl(\(epollOpName(op)), fd \(fd))", clinux_epoll_ctl(epfd, op, fd, events, token))
    }

    private static func epollOpName(_ op: Int32) -> String {
        switch op {
        case CLINUX_EPOLL_CTL_ADD: return "ADD"
        case CLINUX_EPOLL_CTL_MOD: return "MOD"
        case CLINUX_EPOLL_CTL_DEL: return "DEL"
        default: return "\(op)"
        }
    }

    static func epollWait(_ epfd: Int32, events: UnsafeMutableRawPointer, maxEvents: Int32, timeoutMS: Int32) throws(NetworkError) -> Int {
        Int(try call("epoll_wait", clinux_epoll_wait(epfd, events, maxEvents, timeoutMS)))
    }

    static func eventFD() throws(NetworkError) -> Int32 {
        try call("eventfd", clinux_eventfd())
    }

    static func tcpSocket(family: Int32, description: String) throws(NetworkError) -> Int32 {
        try call("socket(\(description))", clinux_tcp_socket(family))
    }

    static func accept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) throws(NetworkError) -> IOResult<Int32> {
        try nonBlocking("accept4", clinux_accept(fd, address, length))
    }

    static func recv(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking("recv", clinux_recv(fd, buffer.baseAddress, buffer.count))
    }

    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking("send", clinux_send(fd, bytes.baseAddress, bytes.count))
    }

    static func setNoDelay(_ fd: Int32) throws(NetworkError) {
        try call("setsockopt(TCP_NODELAY)", clinux_set_nodelay(fd))
    }

    /// The socket's pending error (getsockopt SO_ERROR), 0 if none.
    static func socketError(_ fd: Int32) throws(NetworkError) -> Int32 {
        var value: Int32 = 0
        try call("getsockopt(SO_ERROR)", clinux_getsockopt_int(fd, SOL_SOCKET, SO_ERROR, &value))
        return value
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, name: @autoclosure () -> String) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking(name(), Glibc.read(fd, buffer.baseAddress, buffer.count))
    }
}
