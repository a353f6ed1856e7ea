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

    /// Milliseconds since the Unix epoch of a time written by ``iso8601(milliseconds:)``
    /// (`YYYY-MM-DDTHH:MM:SS.mmmZ`); nil for any other text.
    public static func milliseconds(iso8601 text: String) -> Int64? {
        let digits = Array(text.utf8)
        guard digits.count == 24, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"), digits[10] == UInt8(ascii: "T"),
              digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":"), digits[19] == UInt8(ascii: "."),
              digits[23] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), let milliseconds = number(20..<23)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int64(timegm(&parts)) * 1000 + Int64(milliseconds)
    }
}
