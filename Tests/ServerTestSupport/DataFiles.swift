import Foundation

/// Data folders and files for the tests of damaged data: a folder, a bit to flip, bytes in and out.
package enum DataFiles {
    /// A new folder under /tmp, removed by the caller.
    package static func directory() -> String {
        let path = NSTemporaryDirectory() + "damaged-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The lines with one bit flipped in the middle of line `number` (counted from 1).
    package static func flipped(_ lines: [[UInt8]], line number: Int) -> [UInt8] {
        var lines = lines
        lines[number - 1][lines[number - 1].count / 2] ^= 0x01
        return Array(lines.joined())
    }

    /// Writes `bytes` as the whole file at `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The whole file at `path`.
    package static func contents(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
