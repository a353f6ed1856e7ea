import Foundation
import Glibc
@testable import Storage
import Testing

/// `--data` may name a symbolic link to a directory (an operator's path pointing at another
/// disk); a directory under it never is one.
struct DataDirectoryLinkTests {
    @Test func aLinkToADirectoryIsTakenAndLockedAsTheDirectoryItself() throws {
        let base = NSTemporaryDirectory() + "link-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/disk", withIntermediateDirectories: true)
        #expect(symlink(base + "/disk", base + "/data") == 0)
        let first = try DataDirectory(path: base + "/data")
        #expect(FileManager.default.fileExists(atPath: base + "/disk/lock"))
        var info = stat()
        #expect(stat(base + "/disk", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        // The link and the directory are one: the second server is refused either way.
        #expect(throws: DataDirectory.Failure.self) { try DataDirectory(path: base + "/disk") }
        _ = first
    }

    @Test func aLinkUnderTheDataDirectoryIsNotFollowed() throws {
        let base = NSTemporaryDirectory() + "link-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/data", withIntermediateDirectories: true)
        #expect(symlink(base + "/elsewhere", base + "/data/replays") == 0)
        #expect {
            try DataDirectory.makePrivateDirectory(base + "/data/replays")
        } throws: { error in
            (error as? DataDirectory.Failure)?.description == "\(base)/data/replays is not a directory"
        }
    }
}
