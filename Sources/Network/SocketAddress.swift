import CLinux
import Glibc
import SystemCall

/// An IPv4 or IPv6 socket address held in a `sockaddr_storage`.
struct SocketAddress {
    private(set) var storage = sockaddr_storage()
    private(set) var length: socklen_t = 0

    /// Parses an IP literal ("127.0.0.1", "::", "::1"; no names, no brackets) and a port.
    init(host: String, port: UInt16) throws(NetworkError) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            Swift.withUnsafeBytes(of: v4) { source in
                Swift.withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            Swift.withUnsafeBytes(of: v6) { source in
                Swift.withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            return
        }
        throw NetworkError(call: "listen(\(host))", message: "not an IPv4 or IPv6 address literal")
    }

    /// Wraps an address filled in by the kernel (accept, getsockname).
    init(storage: sockaddr_storage, length: socklen_t) {
        self.storage = storage
        self.length = length
    }

    /// AF_INET or AF_INET6 (or whatever the kernel stored).
    var family: Int32 { Int32(storage.ss_family) }

    /// Whether this is the IPv6 unspecified address `::`.
    var isIPv6Unspecified: Bool {
        family == AF_INET6 && Swift.withUnsafeBytes(of: asIPv6.sin6_addr) { $0.allSatisfy { $0 == 0 } }
    }

    /// The port in host byte order.
    var port: UInt16 {
        switch family {
        case AF_INET: return UInt16(bigEndian: asIPv4.sin_port)
        case AF_INET6: return UInt16(bigEndian: asIPv6.sin6_port)
        default: return 0
        }
    }

    /// The address as text without brackets, e.g. "127.0.0.1" or "::1".
    /// IPv4-mapped IPv6 addresses (from dual-stack sockets) are shown in IPv4 form.
    var host: String {
        switch family {
        case AF_INET:
            let bytes = Swift.withUnsafeBytes(of: asIPv4.sin_addr) { Array($0) }
            return SocketAddress.format(family: AF_INET, bytes)
        case AF_INET6:
            let bytes = Swift.withUnsafeBytes(of: asIPv6.sin6_addr) { Array($0) }
            if bytes[0 ..< 10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12 ..< 16].map(String.init).joined(separator: ".")
            }
            return SocketAddress.format(family: AF_INET6, bytes)
        default:
            return "family \(family)"
        }
    }

    /// "host:port", with the host in brackets when it is IPv6 ("[::1]:8080").
    var description: String {
        let text = host
        return text.contains(":") ? "[\(text)]:\(port)" : "\(text):\(port)"
    }

    /// Calls `body` with a `sockaddr` view of the address.
    func withSockAddr<Result>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(NetworkError) -> Result
    ) throws(NetworkError) -> Result {
        var copy = storage
        let length = self.length
        return try withUnsafePointer(to: &copy) { (pointer) throws(NetworkError) -> Result in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(NetworkError) -> Result in
                try body(address, length)
            }
        }
    }

    private var asIPv4: sockaddr_in {
        Swift.withUnsafeBytes(of: storage) { $0.loadUnaligned(as: sockaddr_in.self) }
    }

    private var asIPv6: sockaddr_in6 {
        Swift.withUnsafeBytes(of: storage) { $0.loadUnaligned(as: sockaddr_in6.self) }
    }

    /// inet_ntop of a raw in_addr / in6_addr.
    private static func format(family: Int32, _ address: [UInt8]) -> String {
        address.withUnsafeBytes { raw in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN) + 1) { buffer in
                guard let base = buffer.baseAddress,
                      inet_ntop(family, raw.baseAddress, base, socklen_t(buffer.count)) != nil
                else { return "?" }
                return String(cString: base)
            }
        }
    }

    /// Calls `body` with room for a kernel-filled address (accept, getsockname)
    /// and returns its result together with the address it stored.
    static func receive<Result>(
        _ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) throws(NetworkError) -> Result
    ) throws(NetworkError) -> (Result, SocketAddress) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = try withUnsafeMutablePointer(to: &storage) { (pointer) throws(NetworkError) -> Result in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(NetworkError) -> Result in
                try body(address, &length)
            }
        }
        return (result, SocketAddress(storage: storage, length: length))
    }
}
