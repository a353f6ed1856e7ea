import Glibc

/// An accounts file (`accounts.log`) of made-up accounts for `cardbench startup --accounts N`:
/// each account with a stored password (PBKDF2's written form, a made-up key: a start never
/// derives one) and one live session, sealed as the server seals them (``JournalFile/seal(_:)``).
enum AccountsFile {
    /// Writes `count` accounts, `user1` … `userN`, to `directory/accounts.log`.
    /// - Returns: the file's size in bytes.
    static func write(accounts count: Int, into directory: String) throws(BenchError) -> Int {
        let path = directory + "/accounts.log"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("open(\(path))") }
        defer { close(fd) }
        var generator = SystemRandomNumberGenerator()
        func hex(_ bytes: Int) -> String {
            var text = ""
            for _ in 0..<(bytes / 8) { text += String(generator.next(), radix: 16).leftPadded(to: 16) }
            return text
        }
        var chunk: [UInt8] = []
        var total = 0
        for number in 1...max(1, count) {
            let created = 1_795_000_000_000 + number
            var account = Array(#"{"k":"account","name":"user\#(number)","bot":false,"password":"pbkdf2-sha256$600000$\#(hex(16))$\#(hex(32))","created":\#(created)}"#.utf8)
            JournalFile.seal(&account)
            var session = Array(#"{"k":"session","name":"user\#(number)","hash":"\#(hex(32))","created":\#(created)}"#.utf8)
            JournalFile.seal(&session)
            chunk += account + [10] + session + [10]
            if chunk.count > 1 << 20 || number == count {
                try JournalFile.writeAll(fd, chunk, path: path)
                total += chunk.count
                chunk = []
            }
        }
        return total
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
