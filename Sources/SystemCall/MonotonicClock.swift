import Glibc

/// CLOCK_MONOTONIC in nanoseconds, for timing a system call as it happens (a write, an
/// fsync): the real time the disk took, never the server's clock, which tests drive by hand.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point (the boot), never going backwards.
    public static var nanoseconds: UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Runs `body` and says how long it took, in nanoseconds.
    @inlinable
    public static func time<Value>(_ body: () throws -> Value) rethrows -> (value: Value, nanoseconds: UInt64) {
        let start = nanoseconds
        let value = try body()
        return (value, nanoseconds &- start)
    }
}
