/// A listening socket.
final class Listener {
    let fd: Int32
    let token: UInt64
    /// Not watched for a while after accept ran out of descriptors.
    var paused = false
    var closed = false

    init(fd: Int32, token: UInt64) {
        self.fd = fd
        self.token = token
    }
}
