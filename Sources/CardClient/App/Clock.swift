import Glibc

/// The client's clock: milliseconds on the monotonic clock (never jumps with the wall clock).
enum Clock {
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
