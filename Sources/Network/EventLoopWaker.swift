/// A Sendable handle that lets another thread ask the loop to run a handler
/// on the loop's own thread: `wake()` writes to an eventfd in the loop's epoll
/// set, and the loop, seeing it readable, runs the handler once for however
/// many wakes came in since it last ran (Redis's bio threads wake the main
/// thread the same way).
///
/// Made by ``EventLoop/makeWaker(_:)``; the loop's own ``EventLoop/stopper`` is one
/// too, whose wake stops the loop. It owns its eventfd, so a thread may
/// keep calling `wake()` after the loop is gone; the wake is then lost.
public final class EventLoopWaker: Sendable {
    let event: EventFD

    init() throws(NetworkError) {
        event = try EventFD()
    }

    /// Asks the loop to run the handler soon. Safe from any thread, any number of times.
    public func wake() {
        event.signal()
    }
}
