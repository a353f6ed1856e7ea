import Foundation
import Testing
import Wire

/// The version `hello` and `--version` show is the newest release in CHANGELOG.md, and the one
/// Protocol.schema.json's `$id` names: a release that changes one changes all three.
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theNewestChangelogEntryIsThisVersionAndDated() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        let newest = try #require(releases.first)
        #expect(newest.wholeMatch(of: #/(\d+\.\d+\.\d+) - \d{4}-\d{2}-\d{2}/#)?.1 == Substring(SuiteVersion.number), "\(newest)")
        // Newest first: every release's version is below the one before it.
        let versions = releases.compactMap { release in
            release.firstMatch(of: #/^(\d+)\.(\d+)\.(\d+) - /#).map { [Int($0.1)!, Int($0.2)!, Int($0.3)!] }
        }
        #expect(versions.count == releases.count)
        #expect(zip(versions, versions.dropFirst()).allSatisfy { newer, older in older.lexicographicallyPrecedes(newer) })
    }

    @Test func theSchemasIDNamesThisVersion() throws {
        let schema = try String(contentsOf: Self.root.appendingPathComponent("Protocol.schema.json"), encoding: .utf8)
        #expect(schema.contains(#""$id": "https://cardserver.invalid/protocol/1/schema/\#(SuiteVersion.number)/Protocol.schema.json""#))
    }
}
