import GameRules
import Glibc
import Wire

/// A results journal (`results.jsonl`) of made-up games, as a busy server would have
/// written them over months: what `startup --results` starts a server on, and what
/// `cardbench journal` leaves in a data folder for the attack bench's server.
///
/// The games are the server's: Klondike and Set solo games (some of them the daily
/// deal, with their figures), Set races of 2-4, rps and concentration matches of two,
/// rps-brain alone. Every game of two or more carries its rating changes, as a rated
/// game's record does: a start rebuilds every player's ratings from them. The players are ``playerCount`` names, a few of them playing much
/// more than the rest. Every line is sealed as the server seals it (``seal(_:)``), so a
/// start checks every checksum, as it does on a real journal. Same seed, same file.
enum JournalFile {
    /// The players the games are shared among.
    static let playerCount = 50_000
    /// The day the first game ends: 2026-01-01 00:00 UTC, in milliseconds.
    static let firstGameMs: Int64 = 1_767_225_600_000

    /// What ``write(results:into:seed:)`` wrote.
    struct Written {
        let path: String
        let bytes: Int
    }

    /// Writes `results` games to `directory/results.jsonl`, replacing what was there;
    /// the directory is made (0700) if it is missing.
    /// - Throws: ``BenchError`` when the folder or the file cannot be made or written.
    static func write(results: Int, into directory: String, seed: UInt64) throws(BenchError) -> Written {
        if mkdir(directory, 0o700) != 0, errno != EEXIST { throw .system("mkdir(\(directory))") }
        let path = directory + "/results.jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("open(\(path))") }
        defer { close(fd) }
        var generator = SplitMix64(seed: seed)
        let names = (0..<playerCount).map(playerName)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var bytes = 0
        for number in 0..<results {
            line(number, names: names, using: &generator, into: &buffer)
            if buffer.count >= 1 << 20 || number == results - 1 {
                try writeAll(fd, buffer, path: path)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        return Written(path: path, bytes: bytes)
    }

    /// Player `number`'s name: a given name and a number, some of them not ASCII, all
    /// within the server's 20 characters.
    static func playerName(_ number: Int) -> String {
        let given = [
            "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ida", "jo", "kim", "lev", "mo", "ned", "ola",
            "pia", "quin", "rex", "sam", "tia", "uma", "vic", "wes", "xia", "yan", "zoë", "jürgen", "ana", "léa", "søren",
            "Ivan", "Marie", "ΑΝΝΑ", "李雷", "Петя", "Nadia", "Ola_N", "the_closer", "KlondikeKid", "setmaster",
        ]
        return "\(given[number % given.count])\(number / given.count)"
    }

    /// One game's sealed record and its newline, appended to `buffer`.
    static func line(_ number: Int, names: [String], using generator: inout SplitMix64, into buffer: inout [UInt8]) {
        // A few players play most games: u² puts half the games among the first quarter of the names.
        func player() -> String {
            let u = Double(generator.next() >> 11) / Double(1 << 53)
            return names[min(names.count - 1, Int(u * u * Double(names.count)))]
        }
        func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let endedMs = firstGameMs + Int64(number) * 6_000 + Int64(below(6_000))
        let startedMs = endedMs - Int64(60_000 + below(600_000))
        let pick = below(100)
        var game: String
        var players: [String]
        var scores: [Int]
        var winners: [String]
        var daily: (day: String, deal: String)?
        var summary: [(String, Int)]?
        switch pick {
        case 0..<35:
            game = "klondike"
            players = [player()]
            let won = below(3) == 0
            scores = [won ? 52 : below(52)]
            winners = won ? players : []
            if below(5) == 0 { daily = (day(of: endedMs), "klondike draw=\(below(2) == 0 ? 1 : 3) passes=none scoring=none") }
            if won { summary = [("time_ms", Int(endedMs - startedMs)), ("moves", 90 + below(80)), ("undos", below(10))] }
        case 35..<65:
            game = "set"
            players = [player()]
            while players.count < [1, 1, 2, 3, 4][below(5)] {
                let next = player()
                if !players.contains(next) { players.append(next) }
            }
            scores = players.map { _ in below(28) }
            winners = [players[scores.firstIndex(of: scores.max()!)!]]
            if players.count == 1 {
                if below(5) == 0 { daily = (day(of: endedMs), "set") }
                summary = [("time_ms", Int(endedMs - startedMs)), ("sets_found", scores[0]), ("wrong_claims", below(4)), ("hints", below(3))]
            }
        case 65..<85, 85..<95:
            game = pick < 85 ? "rps" : "concentration"
            players = [player()]
            repeat { players = [players[0], player()] } while players[1] == players[0]
            scores = pick < 85 ? [below(4), below(4)] : [below(27), below(27)]
            winners = scores[0] == scores[1] ? [] : [players[scores[0] > scores[1] ? 0 : 1]]
        default:
            game = "rps-brain"
            players = [player()]
            scores = [below(21)]
            winners = scores[0] > 10 ? players : []
            summary = [("time_ms", Int(endedMs - startedMs)), ("accuracy_percent", below(101)), ("mean_reaction_ms", 300 + below(900))]
        }
        let room = String((0..<4).map { _ in roomAlphabet[below(roomAlphabet.count)] })
        var fields: [(String, JSONValue)] = [
            ("id", .string("\(room)-\(String(startedMs, radix: 36))-\(1 + below(5))")),
            ("room", .string(room)),
            ("game", .string(game)),
            ("seed", .int(Int(generator.next() >> 11))),
            ("players", .array(players.map(JSONValue.string))),
            ("scores", .object(JSONObject(zip(players, scores).map { ($0, JSONValue.int($1)) }))),
            ("winners", .array(winners.map(JSONValue.string))),
            ("started", .string(timestamp(startedMs))),
            ("ended", .string(timestamp(endedMs))),
        ]
        if let daily {
            fields.append(("daily", .object(JSONObject([("day", .string(daily.day)), ("deal", .string(daily.deal))]))))
        }
        if let summary {
            fields.append(("summary", .object(JSONObject(summary.map { ($0.0, JSONValue.int($0.1)) }))))
        }
        if players.count > 1 {
            // Every game of two or more is rated, as if every player were an account: each
            // player's rating before and after, as the server writes them (whole numbers of
            // ten-thousandths, billionths for the volatility).
            fields.append(("ratings", .object(JSONObject(players.map { name in
                let before = 10_000_000 + below(12_000_000)
                return (name, .object(JSONObject([
                    ("account", .string(name)), ("before_e4", .int(before)), ("rating_e4", .int(before + below(400_000) - 200_000)),
                    ("deviation_e4", .int(450_000 + below(3_000_000))), ("volatility_e9", .int(59_000_000 + below(2_000_000))),
                ])))
            }))))
        }
        var record: [UInt8] = []
        JSONValue.object(JSONObject(fields)).write(into: &record)
        seal(&record)
        buffer += record
        buffer.append(UInt8(ascii: "\n"))
    }

    private static let roomAlphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// `2026-01-01T00:00:00.000Z`, as the server writes times.
    static func timestamp(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let fraction = Int(milliseconds % 1_000)
        return "\(day(parts))T\(two(Int(parts.tm_hour))):\(two(Int(parts.tm_min))):\(two(Int(parts.tm_sec)))."
            + "\(fraction < 100 ? "0" : "")\(fraction < 10 ? "0" : "")\(fraction)Z"
    }

    /// The UTC day, `2026-01-01`, as a daily deal names it.
    static func day(of milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return day(parts)
    }

    private static func day(_ parts: tm) -> String {
        "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Seals a record as the server does (its `RecordSeal`): the closing brace becomes
    /// `,"crc":"…"}`, eight lowercase hex digits of the CRC-32C of the bytes before the
    /// comma. Written here again, bit by bit from the polynomial, so that a server that
    /// starts on this file also checks the two agree.
    static func seal(_ record: inout [UInt8]) {
        record.removeLast()
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in record {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        crc = ~crc
        let digits = Array("0123456789abcdef".utf8)
        record += Array(#","crc":""#.utf8)
        for shift in stride(from: 28, through: 0, by: -4) {
            record.append(digits[Int((crc >> UInt32(shift)) & 0xF)])
        }
        record += Array(#""}"#.utf8)
    }

    /// CRC-32C's byte table (Castagnoli, reflected polynomial 0x82F63B78).
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1
        }
        return value
    }

    /// Writes all of `bytes` to `fd`, through short writes and signals.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(BenchError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .system("write(\(path))") }
            offset += written
        }
    }
}
