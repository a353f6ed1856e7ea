/// The optional `id` a client puts on a message; the direct reply carries it back.
public enum RequestID: Equatable, Hashable, Sendable {
    case int(Int)
    case string(String)
}
