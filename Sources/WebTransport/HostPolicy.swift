/// Which `Host` names a browser may reach the web client and its WebSocket under: the guard
/// against DNS rebinding. A page at `http://evil.example:7878` whose name the attacker points
/// at this server is, to the browser, same-origin with it (its `Origin` is the `Host` it
/// sends), so the `Origin` check alone lets it connect, and every stranger who opens that page
/// becomes one more address playing here. The attacker cannot choose the `Host` the browser
/// sends, only a name they own, so a name the operator never gave is refused.
///
/// Trusted without being named (what nobody outside can point at this machine): an IP address
/// (`127.0.0.1`, `[::1]`), `localhost` and `*.localhost`, a name of one label (`cardbox`, found
/// through the local resolver's search list) and `*.local` (mDNS, this network only). Any
/// other name is trusted when listed with `--allow-host`, or when it is the host of an
/// `--allow-origin` origin; `*` turns the check off. Rails' `config.hosts` and webpack's
/// `allowedHosts` make the same choice.
public struct HostPolicy: Sendable, Equatable {
    /// Names trusted besides those above, lowercased, with no port (`cards.example`).
    public private(set) var names: Set<String>
    /// Whether `*` was given: every `Host` is trusted.
    public private(set) var trustsEveryName: Bool

    /// A policy from `--allow-host` names (`*` turns the check off) and the hosts of the
    /// `--allow-origin` origins (`*` among those is not taken for a host).
    public init(names: [String] = [], origins: [String] = []) {
        trustsEveryName = names.contains("*")
        var trusted = Set(names.filter { $0 != "*" }.map { Self.bareName($0[...]) })
        for origin in origins {
            for scheme in ["http://", "https://"] where origin.lowercased().hasPrefix(scheme) {
                trusted.insert(Self.bareName(origin.dropFirst(scheme.count)))
            }
        }
        self.names = trusted
    }

    /// Whether `name` is written as `--allow-host` takes it: `*`, or a host name (letters,
    /// digits, `-` and `.`), with no scheme, port or path.
    public static func isName(_ name: String) -> Bool {
        if name == "*" { return true }
        return !name.isEmpty && name.utf8.count <= 253 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// Whether a browser that sent this `Host` header may be served the web client or upgrade.
    /// A request without one (HTTP/1.0: no browser sends that) is let through.
    public func allows(host header: String?) -> Bool {
        guard let header, !trustsEveryName else { return true }
        let name = Self.bareName(header[...])
        if name.hasPrefix("[") { return name.hasSuffix("]") && name.count > 2 }
        if name.isEmpty { return false }
        if Self.isIPv4(name) || name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local") {
            return true
        }
        if !name.contains(".") { return true }
        return names.contains(name)
    }

    /// The name of a `Host` value or origin rest: lowercased, without `:port` and without the
    /// trailing dot of a fully qualified name; a bracketed IPv6 address is kept whole.
    static func bareName(_ text: Substring) -> String {
        var name = text.lowercased()[...]
        if name.hasPrefix("[") {
            if let close = name.firstIndex(of: "]") { return String(name[...close]) }
            return String(name)
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// Four decimal numbers of at most 255 joined by dots: only that is taken for an IPv4
    /// address (not `127.1` or `0x7f.0.0.1`, which could be the start of someone's name).
    static func isIPv4(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }
}

extension HostPolicy {
    /// What a refused browser is told: the name it used and the option that trusts it.
    public static func refusal(_ host: String) -> String {
        // The name as sent, kept to the characters a name has: it is the client's own text.
        let name = String(bareName(host.prefix(200)).map { $0.isASCII && ($0.isLetter || $0.isNumber || "-.[]:".contains($0)) ? $0 : "?" })
        return "cardserver was reached under the name \(name), which it was not told is its own: "
            + "start it with --allow-host \(name) (a guard against DNS rebinding), or open it by its IP address"
    }
}
