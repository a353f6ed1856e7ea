import Wire

/// One finished game as the players' recent lists keep it (`stats.recent`): every field packed
/// into one byte array that the game's players share, unpacked only when `stats` asks.
///
/// A start on a million results keeps the last ten games of each of 50,000 players: as a
/// struct of fields with its three arrays (scores, winners, a solo game's figures) that was
/// 88 MB of a 220 MB heap; packed, one allocation a game and 8 bytes a place in a list.
///
/// The bytes: the game's number (2, little-endian), `endedMs` (8, `Int64.min` when not
/// known), the game's length and the summary's time in ms (4 each, -1 when not known or no
/// summary), then the id, the scores (name, value), the winners (names) and the figures (a
/// number from the journal's table of figure names, value), each list after its count;
/// counts and lengths as LEB128, values zigzag LEB128.
struct RecentEntry {
    private let bytes: [UInt8]

    /// Packs a game; `figureNumber` gives each summary figure's name its number in the
    /// journal's table (``RecentNames``).
    init(
        gameID: String, game: UInt16, scores: [NamedScore], winners: [String], endedMs: Int64?, timeMs: Int?, summary: SoloSummary?,
        names: inout RecentNames
    ) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 + gameID.utf8.count + scores.count * 12 + winners.count * 10 + (summary?.figures.count ?? 0) * 4)
        Self.fixed(UInt64(game), width: 2, into: &bytes)
        Self.fixed(UInt64(bitPattern: endedMs ?? .min), width: 8, into: &bytes)
        Self.fixed(UInt64(UInt32(bitPattern: timeMs.map { Int32(clamping: $0) } ?? -1)), width: 4, into: &bytes)
        Self.fixed(UInt64(UInt32(bitPattern: summary.map { Int32(clamping: $0.timeMs) } ?? -1)), width: 4, into: &bytes)
        Self.text(gameID, into: &bytes)
        Self.count(scores.count, into: &bytes)
        for score in scores {
            Self.text(score.name, into: &bytes)
            Self.signed(score.score, into: &bytes)
        }
        Self.count(winners.count, into: &bytes)
        for winner in winners { Self.text(winner, into: &bytes) }
        let figures = summary?.figures ?? []
        Self.count(figures.count, into: &bytes)
        for figure in figures {
            Self.count(names.figureNumber(figure.name), into: &bytes)
            Self.signed(figure.score, into: &bytes)
        }
        // Exactly as long as it is: no spare capacity kept for each of a million games.
        self.bytes = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, written in
            written = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// The game as `stats.recent` shows it to the player called `name`.
    func game(as name: String, names: RecentNames) -> PlayerStats.RecentGame {
        var reader = Reader(bytes: bytes)
        let game = Int(reader.fixed(width: 2))
        let endedMs = Int64(bitPattern: reader.fixed(width: 8))
        let timeMs = Int32(bitPattern: UInt32(reader.fixed(width: 4)))
        let summaryTimeMs = Int32(bitPattern: UInt32(reader.fixed(width: 4)))
        let gameID = reader.text()
        let scores = (0..<reader.count()).map { _ in NamedScore(name: reader.text(), score: reader.signed()) }
        let winners = (0..<reader.count()).map { _ in reader.text() }
        let figures = (0..<reader.count()).map { _ in NamedScore(name: names.figureName(reader.count()), score: reader.signed()) }
        return PlayerStats.RecentGame(
            gameID: gameID, game: names.gameName(game), won: winners.contains(name), scores: scores, winners: winners,
            endedMs: endedMs == .min ? nil : Int(endedMs), timeMs: timeMs < 0 ? nil : Int(timeMs),
            summary: summaryTimeMs < 0 ? nil : SoloSummary(timeMs: Int(summaryTimeMs), figures: figures))
    }

    /// The bytes it takes, its array's header not counted.
    var packedBytes: Int { bytes.count }

    private static func fixed(_ value: UInt64, width: Int, into bytes: inout [UInt8]) {
        for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    private static func count(_ value: Int, into bytes: inout [UInt8]) {
        var rest = UInt64(max(0, value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func signed(_ value: Int, into bytes: inout [UInt8]) {
        let zigzag = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        var rest = zigzag
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func text(_ string: String, into bytes: inout [UInt8]) {
        count(string.utf8.count, into: &bytes)
        bytes += string.utf8
    }

    /// Reads back what the initializer wrote, in the same order.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func fixed(width: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += width
            return value
        }

        mutating func unsigned() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func count() -> Int { Int(unsigned()) }

        mutating func signed() -> Int {
            let zigzag = unsigned()
            return Int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
        }

        mutating func text() -> String {
            let length = count()
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
    }
}

/// The names recent games refer to by number: the games (a handful) and a solo summary's
/// figures (`moves`, `sets_found`, …), each kept once for every game that has it.
struct RecentNames {
    private var games: [String] = []
    private var gameNumbers: [String: UInt16] = [:]
    private var figures: [String] = []
    private var figureNumbers: [String: Int] = [:]

    /// The number a game is known by; nil past 65,535 names (no journal this server writes has
    /// more than its five games).
    mutating func gameNumber(_ game: String) -> UInt16? {
        if let number = gameNumbers[game] { return number }
        guard games.count <= Int(UInt16.max) else { return nil }
        let number = UInt16(games.count)
        games.append(game)
        gameNumbers[game] = number
        return number
    }

    func gameName(_ number: Int) -> String { games.indices.contains(number) ? games[number] : "" }

    /// The number a figure's name is known by (a journal edited by hand may hold many: each
    /// kept once however many games have it).
    mutating func figureNumber(_ name: String) -> Int {
        if let number = figureNumbers[name] { return number }
        figures.append(name)
        figureNumbers[name] = figures.count - 1
        return figures.count - 1
    }

    func figureName(_ number: Int) -> String { figures.indices.contains(number) ? figures[number] : "" }
}
