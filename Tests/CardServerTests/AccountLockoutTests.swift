@testable import CardServer
import Testing

/// Failed logins per account, on virtual time: five a minute, then lockouts that double, at
/// most an hour, forgotten after a success or a quiet day.
struct AccountLockoutTests {
    static let second: UInt64 = 1_000_000_000

    @Test func fiveFailuresInAMinuteLockTheAccountForAMinute() {
        var lockout = AccountLockout()
        for attempt in 0..<4 {
            #expect(lockout.retryAfter("ann", now: UInt64(attempt) * Self.second) == nil)
            lockout.recordFailure("ann", now: UInt64(attempt) * Self.second)
        }
        #expect(lockout.retryAfter("ann", now: 4 * Self.second) == nil)
        lockout.recordFailure("ann", now: 4 * Self.second)
        #expect(lockout.retryAfter("ann", now: 4 * Self.second) == 60_000)
        #expect(lockout.retryAfter("ann", now: 63 * Self.second + Self.second / 2) == 500)
        #expect(lockout.retryAfter("ann", now: 64 * Self.second) == nil)
        // Another account is not touched.
        #expect(lockout.retryAfter("bob", now: 4 * Self.second) == nil)
    }

    @Test func failuresSpreadOverMoreThanAMinuteLockNothing() {
        var lockout = AccountLockout()
        // Four failures, then a minute passes, then four more: never five in one window.
        for minute in 0..<3 {
            for attempt in 0..<4 {
                lockout.recordFailure("ann", now: UInt64(minute * 61 + attempt) * Self.second)
            }
        }
        #expect(lockout.retryAfter("ann", now: 200 * Self.second) == nil)
    }

    @Test func eachLockoutWithoutASuccessLastsTwiceTheOneBeforeUpToAnHour() {
        var lockout = AccountLockout()
        var now: UInt64 = 0
        var waits: [Int] = []
        for _ in 0..<9 {
            for _ in 0..<5 {
                lockout.recordFailure("ann", now: now)
            }
            let wait = lockout.retryAfter("ann", now: now) ?? 0
            waits.append(wait / 1_000)
            now += UInt64(wait) * 1_000_000
        }
        #expect(waits == [60, 120, 240, 480, 960, 1_920, 3_600, 3_600, 3_600])
    }

    @Test func aSuccessOrAQuietDayForgetsTheStreak() {
        var lockout = AccountLockout()
        for _ in 0..<5 { lockout.recordFailure("ann", now: 0) }
        for _ in 0..<5 { lockout.recordFailure("ann", now: 60 * Self.second) }
        #expect(lockout.retryAfter("ann", now: 60 * Self.second) == 120_000)
        lockout.recordSuccess("ann")
        #expect(lockout.retryAfter("ann", now: 60 * Self.second) == nil)
        for _ in 0..<5 { lockout.recordFailure("ann", now: 61 * Self.second) }
        #expect(lockout.retryAfter("ann", now: 61 * Self.second) == 60_000, "the first lockout again")

        // Locked twice, then a day without a failure: the next lockout is the first again.
        for _ in 0..<5 { lockout.recordFailure("bob", now: 0) }
        for _ in 0..<5 { lockout.recordFailure("bob", now: 60 * Self.second) }
        let dayLater = 60 * Self.second + 86_400 * Self.second
        for _ in 0..<5 { lockout.recordFailure("bob", now: dayLater) }
        #expect(lockout.retryAfter("bob", now: dayLater) == 60_000)
    }

    @Test func theTableIsBoundedAndKeepsTheLockedAccounts() {
        var lockout = AccountLockout(maxAccounts: 4)
        for _ in 0..<5 { lockout.recordFailure("locked", now: 0) }
        for name in ["a", "b", "c"] { lockout.recordFailure(name, now: Self.second) }
        #expect(lockout.trackedAccounts == 4)
        // Full: the unlocked entries go, the locked one stays.
        lockout.recordFailure("d", now: 2 * Self.second)
        #expect(lockout.trackedAccounts == 2)
        #expect(lockout.retryAfter("locked", now: 2 * Self.second) == 58_000)
        // A table full of locked accounts drops its oldest quarter rather than grow.
        var full = AccountLockout(maxAccounts: 4)
        for (index, name) in ["p", "q", "r", "s"].enumerated() {
            for _ in 0..<5 { full.recordFailure(name, now: UInt64(index) * Self.second) }
        }
        full.recordFailure("t", now: 10 * Self.second)
        #expect(full.trackedAccounts == 4)
        #expect(full.retryAfter("p", now: 10 * Self.second) == nil, "the oldest went")
        #expect(full.retryAfter("q", now: 10 * Self.second) == 51_000)
    }
}
