/// The optional `id` a client puts on a message; the direct reply carries it back.
public enum RequestID: Equatable, Hashable, Sendable {
    /// The longest string `id`, in bytes of UTF-8: every reply carries the id back.
    public static let maxStringBytes = 64

    case int(Int)
    case string(String)
}
