/// The optional `id` a client puts on a message; the direct reply carries it back.
public enum RequestID: Equatable, Hashable, Sendable {
    case int(Int)
    case string(String)

    /// The id as it goes on the wire.
    public var json: JSONValue {
        switch self {
        case .int(let value): .int(value)
        case .string(let value): .string(value)
        }
    }
}
