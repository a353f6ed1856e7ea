import Glibc
import SystemCall
import Wire

/// One JSON file in the client's state directory, read whole and replaced whole: written to a
/// temporary file (mode 0600, in a directory made 0700) and renamed over the old one, so a
/// crash never leaves half a file and nobody else reads it.
struct StateFile: Sendable {
    let directory: String
    let name: String

    private var path: String { directory + "/" + name }

    /// The file's object; empty when it is missing or unreadable (a damaged file is replaced at the next write).
    func read() -> JSONObject {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return JSONObject() }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return (try? JSONParser.parse(bytes))?.objectValue ?? JSONObject()
    }

    /// Replaces the file with `object`.
    /// - Throws: ``SystemError`` when the directory or the file cannot be written.
    func write(_ object: JSONObject) throws(SystemError) {
        try makeDirectory()
        var text: [UInt8] = []
        JSONValue.object(object).write(into: &text)
        text.append(UInt8(ascii: "\n"))
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemError(call: "open \(temporary)", errno: errno) }
        // An older file made with a looser umask is tightened too.
        fchmod(fd, 0o600)
        var written = 0
        while written < text.count {
            let count = text.withUnsafeBytes { bytes in
                Glibc.write(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = SystemError(call: "write \(temporary)", errno: errno)
                close(fd)
                throw error
            }
            written += count
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw SystemError(call: "rename \(temporary)", errno: errno) }
    }

    /// Makes the directory and its missing parents, 0700.
    private func makeDirectory() throws(SystemError) {
        var partial = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + part
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw SystemError(call: "mkdir \(partial)", errno: errno)
            }
        }
    }
}
