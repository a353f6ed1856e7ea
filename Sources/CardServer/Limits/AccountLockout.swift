/// Failed logins per account: what stops a stranger guessing one account's password, without
/// stopping its owner for long. Five failures within a minute lock the account's logins for a
/// minute; each lockout after that, with no success between, lasts twice the one before (2, 4,
/// 8 … minutes, at most an hour). A successful login ends it all, and so does a day without a
/// failure.
///
/// Why a cap on the wait: doubling without end would let anyone lock an owner out for good by
/// guessing wrong on purpose; an hour keeps a guesser to a few hundred tries a week while the
/// owner loses at most an hour. (The address's own cap, 30 failures a minute, is
/// ``AddressWindowCounter``'s.)
///
/// Pure: time comes in as a value. Memory is bounded: at most `maxAccounts` entries; when full,
/// those no longer locked go first, then the oldest.
struct AccountLockout {
    /// Failures allowed within `window` before a lockout.
    static let failuresAllowed = 5
    static let window: UInt64 = 60 * 1_000_000_000
    /// The first lockout; each next one doubles it.
    static let firstLockout: UInt64 = 60 * 1_000_000_000
    static let longestLockout: UInt64 = 3_600 * 1_000_000_000
    /// A streak of lockouts is forgotten after this long without a failure.
    static let forgetAfter: UInt64 = 86_400 * 1_000_000_000

    let maxAccounts: Int
    private var entries: [String: Entry] = [:]

    private struct Entry {
        /// Failures in the window that began at `windowStart`.
        var failures = 0
        var windowStart: UInt64 = 0
        /// No login until then (0: not locked).
        var lockedUntil: UInt64 = 0
        /// Lockouts so far in this streak: the next one lasts `firstLockout << lockouts`.
        var lockouts = 0
        var lastFailure: UInt64 = 0
    }

    init(maxAccounts: Int = 100_000) {
        self.maxAccounts = maxAccounts
    }

    /// Accounts remembered now.
    var trackedAccounts: Int { entries.count }

    /// Whether `account` may try a password now.
    /// - Returns: nil when it may; else the milliseconds until it may.
    func retryAfter(_ account: String, now: UInt64) -> Int? {
        guard let entry = entries[account], now < entry.lockedUntil else { return nil }
        return Int((entry.lockedUntil - now + 999_999) / 1_000_000)
    }

    /// A wrong password for `account` (one that was allowed to try: see ``retryAfter(_:now:)``).
    mutating func recordFailure(_ account: String, now: UInt64) {
        if entries[account] == nil, entries.count >= maxAccounts {
            makeRoom(now: now)
        }
        var entry = entries[account] ?? Entry()
        if entry.lastFailure > 0, now - entry.lastFailure >= Self.forgetAfter {
            entry = Entry()
        }
        if entry.failures == 0 || now >= entry.windowStart + Self.window {
            entry.failures = 0
            entry.windowStart = now
        }
        entry.failures += 1
        entry.lastFailure = now
        if entry.failures >= Self.failuresAllowed {
            let shift = UInt64(min(entry.lockouts, 6))
            entry.lockedUntil = now + min(Self.firstLockout << shift, Self.longestLockout)
            entry.lockouts += 1
            entry.failures = 0
        }
        entries[account] = entry
    }

    /// The right password for `account`: its failures and lockouts are forgotten.
    mutating func recordSuccess(_ account: String) {
        entries[account] = nil
    }

    /// Drops the entries not locked now and, if that is not enough, the quarter whose last
    /// failure is oldest: a full table is sorted once per quarter of its size, not per failure.
    private mutating func makeRoom(now: UInt64) {
        entries = entries.filter { now < $0.value.lockedUntil }
        guard entries.count >= maxAccounts else { return }
        let oldest = entries.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(max(1, maxAccounts / 4))
        for (account, _) in oldest { entries[account] = nil }
    }
}
