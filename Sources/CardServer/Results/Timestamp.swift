/// Wall-clock times as UTC ISO 8601 text, e.g. `2026-11-22T00:39:51.123Z`: pure calendar
/// arithmetic (the proleptic Gregorian calendar, as `gmtime` and `timegm` count it), no
/// system call; the time itself comes from the host.
public enum Timestamp {
    /// The UTC day of the time, `YYYY-MM-DD`: a daily deal's name.
    public static func day(milliseconds: Int64) -> String {
        String(iso8601(milliseconds: milliseconds).prefix(10))
    }

    /// The time as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    public static func iso8601(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = civil(daysSinceEpoch: days)
        let secondOfDay = Int(seconds - days * 86_400)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        let time = "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
        return "\(date)T\(time).\(padded(Int(milliseconds - seconds * 1000), 3))Z"
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
        // timegm normalises out-of-range fields; the text written here never has them, and
        // other text is read the same way (month 13 is the next year's first).
        let yearsCarried = (month - 1 >= 0 ? (month - 1) / 12 : (month - 12) / 12)
        let days = daysSinceEpoch(year: year + yearsCarried, month: month - 12 * yearsCarried, day: 1) + Int64(day - 1)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1000 + Int64(milliseconds)
    }

    /// The days from 1970-01-01 to a date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }
}
