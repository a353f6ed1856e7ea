import Wire

extension GameRecord {
    /// Reads a record's JSON object, its seal already checked and taken off (``DataFileScan``):
    /// the fields the aggregates need, in one pass with ``JSONPullReader`` and no tree (a start
    /// reads a million of them; the tree was a third of its time). Nil when the line is not
    /// JSON, lacks `game`, `winners` or `scores`, or has `ratings` of which one does not read.
    ///
    /// It reads what the tree reader it replaced read: a field of another type than the
    /// record's is passed over as absent (`id`, `daily`, `summary`, the times) or makes the
    /// line not a record (`game`, `winners`, `scores`, `ratings`); a non-string among the
    /// winners or a non-integer among the scores is left out; a key given twice keeps its
    /// last value (and, inside an object, its first place).
    static func summary(ofBody body: [UInt8]) -> Summary? {
        try? JSONPullReader.withReader(body) { reader throws(JSONParseError) in
            var fields = RecordFields()
            try reader.enterObject()
            while let key = try reader.nextKey() {
                try fields.read(key, from: &reader)
            }
            try reader.finish()
            return fields.recordSummary
        } ?? nil
    }
}

/// A record's fields as they are read; a field read again replaces what it gave.
private struct RecordFields {
    var id: String?
    var game: String?
    var winners: [String]?
    var scores: [NamedScore]?
    var daily: GameRecord.Daily?
    var summary: SoloSummary?
    var started: Int64?
    var ended: Int64?
    /// nil without `ratings`; `.failure` when they are there and one does not read.
    var ratings: Result<[RatingBook.Change], DamagedRatings>?
    var robots: [String]?

    /// A record whose `ratings` do not read: ratings rebuilt without one player's change
    /// would be wrong from then on, so the line is not a record and the start stops there.
    struct DamagedRatings: Error {}

    mutating func read(_ key: String, from reader: inout JSONPullReader) throws(JSONParseError) {
        switch key {
        case "id": id = try reader.value().stringValue
        case "game": game = try reader.value().stringValue
        case "winners": winners = try Self.strings(&reader)
        case "scores": scores = try Self.integers(&reader)
        case "started": started = try reader.value().stringValue.flatMap(Timestamp.milliseconds(iso8601:))
        case "ended": ended = try reader.value().stringValue.flatMap(Timestamp.milliseconds(iso8601:))
        case "daily": daily = try Self.daily(&reader)
        case "summary": summary = try Self.soloSummary(&reader)
        case "ratings": ratings = try Self.ratings(&reader)
        case "robots": robots = try Self.strings(&reader)
        default: try reader.skipValue()
        }
    }

    /// The summary the aggregates take; nil when a field every record has is missing.
    var recordSummary: GameRecord.Summary? {
        guard let game, let winners, let scores else { return nil }
        var changes: [RatingBook.Change]?
        switch ratings {
        case .success(let read): changes = read
        case .failure: return nil
        case nil: changes = nil
        }
        return GameRecord.Summary(
            id: id, game: game, winners: winners, scores: scores, daily: daily, summary: summary,
            startedMs: started, endedMs: ended, ratings: changes, robots: robots ?? [])
    }

    /// An array's strings, in order; nil when the value is not an array.
    private static func strings(_ reader: inout JSONPullReader) throws(JSONParseError) -> [String]? {
        guard reader.peek() == .array else {
            try reader.skipValue()
            return nil
        }
        var strings: [String] = []
        try reader.enterArray()
        while try reader.nextElement() {
            if reader.peek() == .string, let string = try reader.value().stringValue {
                strings.append(string)
            } else {
                try reader.skipValue()
            }
        }
        return strings
    }

    /// An object's integer values by key, in order; nil when the value is not an object.
    private static func integers(_ reader: inout JSONPullReader) throws(JSONParseError) -> [NamedScore]? {
        try scalars(&reader)?.pairs.compactMap { pair in pair.value.intValue.map { NamedScore(name: pair.key, score: $0) } }
    }

    /// An object's scalar values by key (a container as `.null`); nil when the value is not an object.
    private static func scalars(_ reader: inout JSONPullReader) throws(JSONParseError) -> KeyedValues<JSONValue>? {
        guard reader.peek() == .object else {
            try reader.skipValue()
            return nil
        }
        var values = KeyedValues<JSONValue>()
        try reader.enterObject()
        while let key = try reader.nextKey() {
            values.set(key, try scalar(&reader))
        }
        return values
    }

    /// A scalar value whole; a container is checked and passed over (as `.null`: no scalar).
    private static func scalar(_ reader: inout JSONPullReader) throws(JSONParseError) -> JSONValue {
        switch reader.peek() {
        case .object, .array:
            try reader.skipValue()
            return .null
        case .string, .other:
            return try reader.value()
        }
    }

    /// `{"day","deal"}`; nil when either is missing or the value is not an object.
    private static func daily(_ reader: inout JSONPullReader) throws(JSONParseError) -> GameRecord.Daily? {
        guard reader.peek() == .object else {
            try reader.skipValue()
            return nil
        }
        var day: String?
        var deal: String?
        try reader.enterObject()
        while let key = try reader.nextKey() {
            switch key {
            case "day": day = try scalar(&reader).stringValue
            case "deal": deal = try scalar(&reader).stringValue
            default: try reader.skipValue()
            }
        }
        guard let day, let deal else { return nil }
        return GameRecord.Daily(day: day, deal: deal)
    }

    /// `{"time_ms", figure…}`; nil without an integer `time_ms` or when the value is not an object.
    private static func soloSummary(_ reader: inout JSONPullReader) throws(JSONParseError) -> SoloSummary? {
        guard let values = try scalars(&reader) else { return nil }
        guard let time = values.value(of: "time_ms")?.intValue else { return nil }
        return SoloSummary(timeMs: time, figures: values.pairs.compactMap { pair in
            pair.key == "time_ms" ? nil : pair.value.intValue.map { NamedScore(name: pair.key, score: $0) }
        })
    }

    /// Each player's change, in the record's order; a failure when the value is not an
    /// object or one change does not read.
    private static func ratings(_ reader: inout JSONPullReader) throws(JSONParseError) -> Result<[RatingBook.Change], DamagedRatings> {
        guard reader.peek() == .object else {
            try reader.skipValue()
            return .failure(DamagedRatings())
        }
        var changes = KeyedValues<RatingBook.Change?>()
        try reader.enterObject()
        while let name = try reader.nextKey() {
            changes.set(name, try change(of: name, &reader))
        }
        var read: [RatingBook.Change] = []
        read.reserveCapacity(changes.pairs.count)
        for pair in changes.pairs {
            guard let change = pair.value else { return .failure(DamagedRatings()) }
            read.append(change)
        }
        return .success(read)
    }

    /// One player's `{"account","before_e4","rating_e4","deviation_e4","volatility_e9"}`.
    private static func change(of name: String, _ reader: inout JSONPullReader) throws(JSONParseError) -> RatingBook.Change? {
        guard reader.peek() == .object else {
            try reader.skipValue()
            return nil
        }
        var account: String?
        var before: Int?
        var rating: Int?
        var deviation: Int?
        var volatility: Int?
        try reader.enterObject()
        while let key = try reader.nextKey() {
            switch key {
            case "account": account = try scalar(&reader).stringValue
            case "before_e4": before = try scalar(&reader).intValue
            case "rating_e4": rating = try scalar(&reader).intValue
            case "deviation_e4": deviation = try scalar(&reader).intValue
            case "volatility_e9": volatility = try scalar(&reader).intValue
            default: try reader.skipValue()
            }
        }
        guard let account, let before, let rating, let deviation, let volatility else { return nil }
        return RatingBook.Change(account: account, name: name, beforeE4: before, ratingE4: rating, deviationE4: deviation, volatilityE9: volatility)
    }
}

/// An object's values by key as JSON keeps them: a key given again keeps its first place
/// and takes the new value. A record's objects have a few keys, so a scan finds them.
private struct KeyedValues<Value> {
    private(set) var pairs: [(key: String, value: Value)] = []

    mutating func set(_ key: String, _ value: Value) {
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            pairs[index].value = value
        } else {
            pairs.append((key, value))
        }
    }

    func value(of key: String) -> Value? {
        pairs.first { $0.key == key }?.value
    }
}
