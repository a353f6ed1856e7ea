import Glibc
import SystemCall

/// The server's helper threads (the journal's writer, the background worker): each runs
/// one body and takes no signal.
public enum HelperThread {
    /// Starts a thread that blocks every signal and runs `body`.
    ///
    /// Signals are the event loop's, through its signalfd: a helper takes none (as redis's
    /// bio threads do), whatever mask it inherited.
    /// - Parameter name: what the thread is, for the error.
    /// - Returns: the thread, to join.
    /// - Throws: the failed `pthread_create` when the thread cannot be made.
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> pthread_t {
        final class Body: @unchecked Sendable {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        // The thread holds the body until it ends.
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create (\(name))", errno: status)
        }
        return thread
    }
}
