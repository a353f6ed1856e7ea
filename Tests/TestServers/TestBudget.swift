import Foundation

/// How much longer than usual the tests may wait: `TEST_TIME_SCALE` (a whole number, default 1).
///
/// `Scripts/sanitize.sh` sets it, because AddressSanitizer and ThreadSanitizer make the
/// server and the client several times slower: a wait that is generous on a release or
/// debug build (a server listening within 10 s, a game in tmux within a minute) is not
/// under them. Every wait still has its bound; only the bound grows.
public enum TestBudget {
    /// The factor, at least 1.
    public static let scale: Int = max(1, Int(ProcessInfo.processInfo.environment["TEST_TIME_SCALE"] ?? "") ?? 1)

    /// `seconds` times the factor.
    public static func seconds(_ seconds: Double) -> Double { seconds * Double(scale) }
}
