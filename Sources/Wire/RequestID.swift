/// The optional `id` a client puts on a message; the direct reply carries it back.
public enum RequestID: Equatable, Hashable, Sendable {
    /// The longest string `id`, in bytes of UTF-8: every reply carries the id back.
    public static let maxStringBytes = 64

    /// An integer id.
    case int(Int)
    /// A string id, at most ``maxStringBytes`` bytes of UTF-8.
    case string(String)
}
