/// The outcome of a non-blocking system call that did not fail: it was done (with the
/// call's return value: for a read, 0 means the peer closed), or it would have blocked.
///
/// One type for the server's event loop, the client and the benchmark tool.
public enum IOResult<Value: Sendable>: Sendable {
    case done(Value)
    case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}
