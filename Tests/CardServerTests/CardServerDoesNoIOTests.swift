import Foundation
import Testing

/// The referee does no I/O: CardServer imports the rules, the solver, the ratings, the wire and the
/// interface it keeps its files through (Storage's logs), never Glibc, Foundation, the C
/// shim, the system-call layer, or a transport. Lines reach it from Transport (main wires it
/// in as Transport's line service), clocks and timers through ``ServerHost``, so
/// `ScriptedHost` and ``MemoryLog`` can stand in for all of them.
struct CardServerDoesNoIOTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The targets CardServer may import. Ratings is values in, values out (Glicko-2; it takes
    /// `exp`, `log` and `sqrt` from the C library, and no clock or file); so is Matchmaking
    /// (pools and their pairing, on the caller's clock).
    static let allowed: Set<String> = ["GameRules", "KlondikeSolver", "Wire", "Storage", "Ratings", "Matchmaking"]
    /// And the standard library itself (its Unicode normalization, for names' skeletons).
    static let standardLibrary = "Swift"

    /// The module an import line names (`import struct Glibc.stat` → Glibc), or nil.
    static func importedModule(_ line: Substring) -> String? {
        guard let match = line.firstMatch(of: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/) else {
            return nil
        }
        return String(match.1)
    }

    @Test(arguments: [
        ("import Wire", "Wire"), ("@preconcurrency import Glibc", "Glibc"), ("public import struct Foundation.Data", "Foundation"),
        ("  @_implementationOnly import CLinux", "CLinux"), ("/// import Glibc", nil), ("let imported = 1", nil),
    ] as [(String, String?)])
    func anImportIsReadInAnySpelling(line: String, module: String?) {
        #expect(Self.importedModule(Substring(line)) == module)
    }

    @Test func noFileUnderSourcesCardServerImportsAnIOModule() throws {
        let sources = Self.root.appendingPathComponent("Sources/CardServer")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.contains("GameServer.swift") && files.contains("Durability/RoomLog.swift"))
        var seen: Set<String> = []
        var refused: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let module = Self.importedModule(line) else { continue }
                seen.insert(module)
                if !Self.allowed.contains(module), module != Self.standardLibrary { refused.append("\(file):\(number + 1): \(line)") }
            }
        }
        #expect(refused == [])
        #expect(seen.subtracting([Self.standardLibrary]).isSubset(of: Self.allowed) && seen.contains("Storage") && seen.contains("Wire"))
    }

    /// The package gives CardServer nothing that does I/O to import either.
    @Test func thePackageGivesCardServerOnlyThoseModules() throws {
        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(package.split(separator: "\n").first { $0.contains(#".target(name: "CardServer""#) })
        let dependencies = line.firstMatch(of: /dependencies: \[([^\]]*)\]/).map { match in
            match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        #expect(Set(try #require(dependencies)) == Self.allowed)
    }
}
