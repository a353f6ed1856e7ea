/// The addresses that made an HTTP request lately, so a silent connection from one of them is
/// given longer before it is greeted as a protocol 1 client.
///
/// Why: a browser opens spare connections before it needs them (Chrome's preconnect, up to
/// six a host) and sends a request on one only when the page asks for a file, which can be
/// seconds later. Greeted with `hello` meanwhile, such a connection answers the browser's
/// request with a JSON line, and the file fails to load (`ERR_INVALID_HTTP_RESPONSE`).
/// Netcat, cardclient and bots from an address that loaded no page are greeted as before.
///
/// Bounded: at most `capacity` addresses; when full, the entries past their time are dropped,
/// and if none is, the table starts again (a flood of addresses costs them the longer wait,
/// never memory).
final class BrowserAddresses {
    /// How long after its last HTTP request an address counts as a browser's.
    let memory: UInt64
    let capacity: Int
    private var lastRequest: [String: UInt64] = [:]

    init(memory: Duration, capacity: Int = 4096) {
        let (seconds, attoseconds) = memory.components
        self.memory = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        self.capacity = capacity
    }

    /// An HTTP request came from `address` at `now`.
    func sawRequest(from address: String, at now: UInt64) {
        if lastRequest[address] == nil, lastRequest.count >= capacity {
            lastRequest = lastRequest.filter { now &- $0.value < memory }
            if lastRequest.count >= capacity { lastRequest = [:] }
        }
        lastRequest[address] = now
    }

    /// Whether `address` made an HTTP request within the memory before `now`.
    func isBrowser(_ address: String, at now: UInt64) -> Bool {
        guard let last = lastRequest[address] else { return false }
        return now &- last < memory
    }

    var count: Int { lastRequest.count }
}
