/// One quick-pairing pool's waiting players and its waves, as a value: the caller passes
/// the time (milliseconds of its clock) and seats the tables a wave returns.
///
/// A wave fires ``waveInterval`` after the first player came into an empty pool (and again
/// that long after each wave that left someone waiting), or at once when ``waveSize``
/// players wait. Each player not seated by a wave has missed it, which widens the gap they
/// accept (``PairingRules``).
public struct Pool<Member: Hashable & Sendable>: Sendable {
    /// The seats of each table: 2 pairs by ``PoolMatching/pairs(_:rules:allowed:)``, more
    /// groups by ``PoolMatching/groups(_:size:rules:allowed:)``.
    public let seats: Int
    public let rules: PairingRules
    /// Milliseconds between waves while anyone waits.
    public let waveInterval: Int64
    /// Waiting players who make a wave fire at once.
    public let waveSize: Int
    /// The least time between two waves, however many come: a crowd joining and leaving
    /// cannot make the server match the pool on every command.
    public let minimumGap: Int64

    /// One waiting player.
    public struct Waiting: Equatable, Sendable {
        public let member: Member
        public let rating: Double
        /// When they joined (the caller's milliseconds).
        public let sinceMs: Int64
        public var missedWaves: Int
        /// Joins in order, for a stable order among equal ratings.
        @usableFromInline let number: Int

        @usableFromInline
        init(member: Member, rating: Double, sinceMs: Int64, missedWaves: Int, number: Int) {
            self.member = member
            self.rating = rating
            self.sinceMs = sinceMs
            self.missedWaves = missedWaves
            self.number = number
        }
    }

    // Inlinable, with what they touch: the server's Pool<String> is then compiled for String,
    // not through the runtime's generic witnesses (half a 10,000-player wave's time).
    @usableFromInline var waiting: [Member: Waiting] = [:]
    @usableFromInline var joined = 0
    /// Joins since the last wave: a full pool fires early only for someone new, so a pool
    /// of many who fit nobody does not fire wave after wave.
    @usableFromInline var joinedSinceWave = 0
    /// When the last wave fired.
    @usableFromInline var lastWaveMs: Int64?
    /// When the next wave fires; nil while nobody waits.
    public var nextWaveMs: Int64? { nextWave }
    @usableFromInline var nextWave: Int64?

    public init(seats: Int, rules: PairingRules = .standard, waveInterval: Int64 = 3_000, waveSize: Int = 16, minimumGap: Int64 = 1_000) {
        precondition(seats >= 2, "a pool seats two or more at a table")
        self.seats = seats
        self.rules = rules
        self.waveInterval = waveInterval
        self.waveSize = max(seats, waveSize)
        self.minimumGap = min(minimumGap, waveInterval)
    }

    /// How many wait.
    @inlinable public var count: Int { waiting.count }

    /// Whether `member` waits here.
    @inlinable public func contains(_ member: Member) -> Bool { waiting[member] != nil }

    /// `member`'s place in the pool, if they wait.
    @inlinable public func entry(of member: Member) -> Waiting? { waiting[member] }

    /// Everyone waiting, longest first.
    @inlinable public var members: [Waiting] {
        // Sorted as plain integers: a sort of the generic entries themselves went through the
        // runtime's generic witnesses, a third of a 10,000-player wave (perf).
        let all = Array(waiting.values)
        let numbers = all.map(\.number)
        return all.indices.sorted { numbers[$0] < numbers[$1] }.map { all[$0] }
    }

    /// Puts `member` in the pool. False when they wait here already.
    @inlinable @discardableResult
    public mutating func join(_ member: Member, rating: Double, nowMs: Int64) -> Bool {
        guard waiting[member] == nil else { return false }
        joined += 1
        joinedSinceWave += 1
        waiting[member] = Waiting(member: member, rating: rating, sinceMs: nowMs, missedWaves: 0, number: joined)
        if nextWave == nil { nextWave = nowMs + waveInterval }
        return true
    }

    /// Takes `member` out. False when they were not waiting.
    @inlinable @discardableResult
    public mutating func leave(_ member: Member) -> Bool {
        guard waiting.removeValue(forKey: member) != nil else { return false }
        if waiting.isEmpty { nextWave = nil }
        return true
    }

    /// Whether a wave should fire now: its time has come, or ``waveSize`` wait, someone came
    /// since the last wave and that was ``minimumGap`` ago. A wave fires for a player alone
    /// too: they miss it, and whoever comes next finds their gap wider.
    @inlinable public func isWaveDue(nowMs: Int64) -> Bool {
        guard let nextWave else { return false }
        if nowMs >= nextWave { return true }
        return joinedSinceWave > 0 && waiting.count >= waveSize && nowMs >= (lastWaveMs ?? .min) &+ minimumGap
    }

    /// Fires a wave: the tables it makes leave the pool (each a list of members, lowest
    /// rating first); everyone else has missed a wave.
    /// - Parameter allowed: whether two members may meet (a block between them).
    @inlinable public mutating func wave(nowMs: Int64, allowed: (Member, Member) -> Bool = { _, _ in true }) -> [[Member]] {
        let everyone = members
        let seekers = everyone.map { Seeker(rating: $0.rating, missedWaves: $0.missedWaves) }
        let meets = { (a: Int, b: Int) in allowed(everyone[a].member, everyone[b].member) }
        let tables: [[Int]] = seats == 2
            ? PoolMatching.pairs(seekers, rules: rules, allowed: meets).map { [$0.0, $0.1] }
            : PoolMatching.groups(seekers, size: seats, rules: rules, allowed: meets)
        for table in tables {
            for index in table { waiting[everyone[index].member] = nil }
        }
        for member in waiting.keys { waiting[member]?.missedWaves += 1 }
        joinedSinceWave = 0
        lastWaveMs = nowMs
        nextWave = waiting.isEmpty ? nil : nowMs + waveInterval
        return tables.map { table in table.map { everyone[$0].member } }
    }
}
