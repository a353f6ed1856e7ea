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

/// CLOCK_REALTIME: the wall clock, for the times a person reads (a game's start, a daily
/// deal's day). The server reads it through its host, so tests can set their own.
public enum WallClock {
    /// Milliseconds since the Unix epoch, now.
    public static var milliseconds: Int64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec / 1_000_000)
    }
}
