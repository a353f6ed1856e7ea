import Foundation
import Testing

/// GameRules is the pure rules of every game, on the standard library alone: no file of it
/// imports anything (not Foundation, nor Synchronization's atomics, nor a clock's module);
/// the solver, which needs them, is KlondikeSolver.
struct GameRulesImportsNothingTests {
    /// Sources/GameRules, found from this file.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/GameRules")

    /// An import in any spelling: after attributes and an access level, `import` and a space.
    static func isImport(_ line: String) -> Bool {
        line.contains(/^\s*(@\w+(\([^)]*\))?\s+)*((public|package|internal|fileprivate|private)\s+)?import\s/)
    }

    @Test(arguments: [
        ("import Foundation", true),
        ("    import Synchronization", true),
        ("@preconcurrency import Glibc", true),
        ("@_implementationOnly import Dispatch", true),
        ("public import struct Synchronization.Mutex", true),
        ("/// import nothing", false),
        ("let imported = importance", false),
    ])
    func anImportIsSeenInAnySpelling(line: String, isImport: Bool) {
        #expect(Self.isImport(line) == isImport)
    }

    @Test func noFileUnderSourcesGameRulesImportsAnything() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
            .compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(files.contains("Klondike/KlondikeGame.swift"))
        var imports: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.isImport(String(line)) {
                imports.append("\(file):\(number + 1): \(line)")
            }
        }
        #expect(imports == [])
    }
}
