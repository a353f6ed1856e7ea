/// The address part of a peer, as the per-address caps count it.
enum PeerAddress {
    /// "1.2.3.4:5678" → "1.2.3.4"; "[2001:db8::1]:5678" → "2001:db8:0:0::/64" (its /64); an IPv4-mapped
    /// IPv6 peer ("[::ffff:1.2.3.4]:5678", what a socket on `::` sees) counts as its IPv4 address.
    static func key(_ peer: String) -> String {
        var host = Substring(peer)
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = host[..<colon]
        }
        let lowered = host.lowercased()
        if lowered.hasPrefix("::ffff:"), lowered.contains(".") {
            return String(lowered.dropFirst("::ffff:".count))
        }
        return ipv6Network(lowered) ?? lowered
    }

    /// "2001:db8:1:2:3:4:5:6" → "2001:db8:1:2::/64": one IPv6 host usually holds a whole
    /// /64 and can pick any address in it, so the caps count the /64 (as nginx and
    /// fail2ban users are advised to); nil when `text` is not an IPv6 address.
    static func ipv6Network(_ text: String) -> String? {
        guard let groups = ipv6Groups(text) else { return nil }
        return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address in text, as `inet_pton` reads it: hex groups
    /// of 1-4 digits, at most one `::`, an IPv4 address in the last 32 bits; nil otherwise.
    static func ipv6Groups(_ text: String) -> [UInt16]? {
        guard text.contains(":") else { return nil }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, last: Bool) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var found: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if last, index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
                    guard octets.count == 4 else { return nil }
                    var values: [UInt16] = []
                    for octet in octets {
                        guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCII), let value = UInt16(octet), value <= 255,
                              octet.count == 1 || octet.first != "0" else { return nil }
                        values.append(value)
                    }
                    found += [values[0] << 8 | values[1], values[2] << 8 | values[3]]
                    continue
                }
                guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit), piece.allSatisfy(\.isASCII),
                      let value = UInt16(piece, radix: 16) else { return nil }
                found.append(value)
            }
            return found
        }
        if halves.count == 1 {
            guard let all = groups(halves[0], last: true), all.count == 8 else { return nil }
            return all
        }
        guard let head = groups(halves[0], last: false), let tail = groups(halves[1], last: true), head.count + tail.count <= 7 else {
            return nil
        }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}

/// Counts one kind of event per address, a fixed window at a time (a minute for the
/// server's caps): once an address has had `limit` in its window, it waits for the window's end.
///
/// Pure: time comes in as a value. Memory is bounded: at most `maxAddresses` entries;
/// when full, entries whose window is over go first, then the oldest windows.
struct AddressWindowCounter {
    /// Events an address may have in one window; 0 turns the cap off.
    let limit: Int
    /// The window's length, in nanoseconds.
    let window: UInt64
    /// Addresses remembered at most.
    let maxAddresses: Int
    private var entries: [String: Entry] = [:]

    private struct Entry {
        var start: UInt64
        var count: Int
    }

    init(limit: Int, window: Duration = .seconds(60), maxAddresses: Int = ServerConfig.maxTrackedAddresses) {
        self.limit = limit
        let (seconds, attoseconds) = window.components
        self.window = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        self.maxAddresses = maxAddresses
    }

    /// Addresses remembered now.
    var trackedAddresses: Int { entries.count }

    /// Whether `address` is over its limit.
    /// - Returns: nil when it may go on; else the milliseconds until its window ends.
    func retryAfter(_ address: String, now: UInt64) -> Int? {
        guard limit > 0, let entry = entries[address], now < entry.start + window, entry.count >= limit else { return nil }
        return Int((entry.start + window - now + 999_999) / 1_000_000)
    }

    /// What is left of `address`'s window: events it may still have, and milliseconds until
    /// the window ends (0 when none is under way); nil when there is no cap.
    func budget(_ address: String, now: UInt64) -> (remaining: Int, resetsInMs: Int)? {
        guard limit > 0 else { return nil }
        guard let entry = entries[address], now < entry.start + window else { return (limit, 0) }
        return (max(0, limit - entry.count), Int((entry.start + window - now + 999_999) / 1_000_000))
    }

    /// Counts one event of `address`; a window begins with the first event after the last one ended.
    mutating func record(_ address: String, now: UInt64) {
        guard limit > 0 else { return }
        if let entry = entries[address], now < entry.start + window {
            entries[address]?.count = entry.count + 1
            return
        }
        if entries[address] == nil, entries.count >= maxAddresses {
            makeRoom(now: now)
        }
        entries[address] = Entry(start: now, count: 1)
    }

    /// Drops every entry whose window is over and, if that is not enough, the quarter
    /// with the oldest windows: a full table is sorted once per quarter of its size, not per event.
    private mutating func makeRoom(now: UInt64) {
        entries = entries.filter { now < $0.value.start + window }
        guard entries.count >= maxAddresses else { return }
        let oldest = entries.sorted { $0.value.start < $1.value.start }.prefix(max(1, maxAddresses / 4))
        for (address, _) in oldest { entries[address] = nil }
    }
}

/// The server's per-address caps: connections at once, rooms created, games begun and codes missed per minute.
struct AddressLimits {
    /// Open connections by address; an address leaves when its last connection closes,
    /// so the table never holds more than the server's connections.
    private(set) var connections: [String: Int] = [:]
    /// Rooms created, per address per minute.
    var roomCreations: AddressWindowCounter
    /// `join`s and `watch`es that named no room, per address per minute.
    var failedJoins: AddressWindowCounter
    /// Games begun, per address per minute.
    var gameStarts: AddressWindowCounter
    /// Guest logins, per address per minute.
    var guestLogins: AddressWindowCounter
    /// Sessions held by address (players logged in, away ones with a seat included); an
    /// address leaves with its last session.
    private(set) var sessions: [String: Int] = [:]

    /// Password logins that failed, per address per minute.
    var failedLogins: AddressWindowCounter
    /// Accounts registered, per address per hour.
    var registrations: AddressWindowCounter

    init(config: ServerConfig) {
        failedLogins = AddressWindowCounter(limit: config.failedLoginsPerMinutePerAddress)
        registrations = AddressWindowCounter(limit: config.registrationsPerHourPerAddress, window: .seconds(3_600))
        gameStarts = AddressWindowCounter(limit: config.gamesPerMinutePerAddress)
        guestLogins = AddressWindowCounter(limit: config.guestLoginsPerMinutePerAddress)
        roomCreations = AddressWindowCounter(limit: config.roomsPerMinutePerAddress)
        failedJoins = AddressWindowCounter(limit: config.failedJoinsPerMinutePerAddress)
    }

    /// Counts a new connection from `address`.
    /// - Returns: how many connections that address has now, this one included.
    mutating func connectionOpened(from address: String) -> Int {
        connections[address, default: 0] += 1
        return connections[address]!
    }

    /// Counts a session begun by `address`.
    mutating func sessionBegan(for address: String) {
        sessions[address, default: 0] += 1
    }

    /// Counts a session of `address` that ended.
    mutating func sessionEnded(for address: String) {
        guard let count = sessions[address] else { return }
        sessions[address] = count > 1 ? count - 1 : nil
    }

    /// Counts a closed connection from `address`.
    mutating func connectionClosed(from address: String) {
        guard let count = connections[address] else { return }
        connections[address] = count > 1 ? count - 1 : nil
        if count == 1 { requestBuckets[address] = nil }
    }

    /// HTTP requests per address, for the addresses that made any while connected: an
    /// address leaves with its last connection, so the table is bounded as `connections` is.
    private(set) var requestBuckets: [String: TokenBucket] = [:]

    /// Counts an HTTP request answered for `address` (a request already answered is served,
    /// so the bucket may go into debt).
    /// - Returns: nil while the address is within its rate; else the nanoseconds until it is again.
    mutating func requestServed(from address: String, config: ServerConfig, now: UInt64) -> UInt64? {
        guard config.requestsPerSecondPerAddress > 0 else { return nil }
        var bucket = requestBuckets[address]
            ?? TokenBucket(capacity: config.requestBurstPerAddress, ratePerSecond: Double(config.requestsPerSecondPerAddress), now: now)
        bucket.spend(now: now)
        let wait = bucket.wait(now: now)
        requestBuckets[address] = bucket
        return wait
    }
}
