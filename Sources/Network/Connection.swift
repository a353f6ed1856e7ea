/// One accepted connection's state, owned by the loop.
///
/// The fields are declared in an order that leaves no padding a field could fill (the flags
/// sit beside the descriptor): the loop holds one of these per connection.
final class Connection {
    enum State {
        /// Reading and writing.
        case open
        /// `close(flushFirst: true)` was asked: not reading, writing what is queued.
        case flushing
        /// Scheduled for closing at the end of the batch; no more reads or writes.
        case closing
    }

    let id: ConnectionID
    let fd: Int32
    var state = State.open
    /// In the loop's end-of-turn write queue.
    var queuedForWrite = false
    /// EPOLLOUT is in the interest set (output was left over after a write).
    var watchingWritable = false
    /// The owner asked to stop reading (backpressure): EPOLLIN is out of the interest set.
    var readingPaused = false
    var output = OutputBuffer()
    var closeReason = CloseReason.closedByServer
    /// Deadline of a flush-then-close.
    var flushTimer: TimerID?
    /// `connectionDrained` is owed once the unsent output is at most this many bytes.
    var drainMark: Int?
    /// Makes each line sent of the line without its newline (a WebSocket's text frame, after
    /// its upgrade); nil for a connection whose lines go as they are.
    var lineFraming: ((ArraySlice<UInt8>) -> [UInt8])?
    /// When its output last had a byte written, or became non-empty: the age of its oldest
    /// unread byte, near enough (loop nanoseconds, read once a turn).
    var outputStalledSince: UInt64 = 0

    init(id: ConnectionID, fd: Int32) {
        self.id = id
        self.fd = fd
    }
}
