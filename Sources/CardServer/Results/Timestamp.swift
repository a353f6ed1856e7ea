import Glibc

/// Wall-clock times as UTC ISO 8601 text, e.g. `2026-11-22T00:39:51.123Z`.
public enum Timestamp {
    /// Milliseconds since the Unix epoch, now.
    public static func nowMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec / 1_000_000)
    }

    /// The UTC day of the time, `YYYY-MM-DD`: a daily deal's name.
    public static func day(milliseconds: Int64) -> String {
        String(iso8601(milliseconds: milliseconds).prefix(10))
    }

    /// The time as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    public static func iso8601(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(padded(Int(parts.tm_year) + 1900, 4))-\(padded(Int(parts.tm_mon) + 1, 2))-\(padded(Int(parts.tm_mday), 2))"
        let time = "\(padded(Int(parts.tm_hour), 2)):\(padded(Int(parts.tm_min), 2)):\(padded(Int(parts.tm_sec), 2))"
        return "\(date)T\(time).\(padded(Int(milliseconds % 1000), 3))Z"
    }
}
