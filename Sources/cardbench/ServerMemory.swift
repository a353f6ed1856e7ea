import Glibc

/// A process's memory, read from `/proc/PID/status`.
struct ServerMemory: Equatable {
    /// Resident set size now (`VmRSS`), in KiB.
    let residentKiB: Int
    /// The highest resident set size so far (`VmHWM`), in KiB.
    let peakKiB: Int

    /// The memory of process `pid`, or nil when it cannot be read (no such process).
    static func of(_ pid: Int32) -> ServerMemory? {
        guard let text = readSmallFile("/proc/\(pid)/status") else { return nil }
        return parse(status: text)
    }

    /// The figures in the text of a `/proc/PID/status` file, or nil when `VmRSS` is missing.
    static func parse(status: String) -> ServerMemory? {
        var fields: [Substring: Int] = [:]
        for line in status.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon]
            guard name == "VmRSS" || name == "VmHWM" else { continue }
            // "VmRSS:\t   12345 kB"
            let number = line[line.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" }).prefix(while: \.isNumber)
            fields[name] = Int(number)
        }
        guard let resident = fields["VmRSS"] else { return nil }
        return ServerMemory(residentKiB: resident, peakKiB: fields["VmHWM"] ?? resident)
    }

    /// KiB as MiB with one decimal, e.g. `12.3 MiB`.
    static func mebibytes(_ kib: Int) -> String {
        "\(fixed(Double(kib) / 1024, digits: 1)) MiB"
    }

    /// The line every load mode prints: `server RSS: 12.3 MiB (peak 14.0 MiB)`.
    static func line(_ label: String = "server RSS", pid: Int32?) -> String? {
        guard let pid else { return nil }
        guard let memory = of(pid) else { return "\(label): unknown (no /proc/\(pid)/status)" }
        return "\(label): \(mebibytes(memory.residentKiB)) (peak \(mebibytes(memory.peakKiB)))"
    }
}

/// The whole of a small file (under 64 KiB), or nil when it cannot be read.
func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while bytes.count < 65_536 {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
