import GameRules
import Testing
import WebClient

/// Concentration's faces in words (site/games/faces.js), what a browser without an emoji
/// font shows: every face of every theme has one, and no two in a theme read alike, or a
/// pair could not be found by sight.
struct FaceWordsTests {
    /// The themes as faces.js holds them: each line `  name: '🎃 pumpkin, 👻 ghost, …',`.
    static func themesInTheSite() throws -> [String: [(face: String, word: String)]] {
        let asset = try #require(WebAssets.asset(at: "/games/faces.js"))
        let text = String(decoding: asset.body, as: UTF8.self)
        var themes: [String: [(face: String, word: String)]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("  ") && line.hasSuffix("',") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let list = line[line.index(colon, offsetBy: 3)..<line.index(line.endIndex, offsetBy: -2)]
            themes[name] = list.components(separatedBy: ", ").map { pair in
                let parts = pair.split(separator: " ", maxSplits: 1)
                return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
            }
        }
        return themes
    }

    @Test func everyThemeHasItsFacesInTheSameOrder() throws {
        let site = try Self.themesInTheSite()
        #expect(Set(site.keys) == Set(ConcentrationTheme.all.map(\.name)))
        for theme in ConcentrationTheme.all {
            #expect(site[theme.name]?.map(\.face) == theme.emoji, "\(theme.name)")
        }
    }

    @Test func everyFaceReadsAsWordsAndNoTwoAlikeInATheme() throws {
        for (name, faces) in try Self.themesInTheSite() {
            let words = faces.map(\.word)
            #expect(Set(words.map { $0.lowercased() }).count == words.count, "\(name): \(words)")
            for word in words {
                let letters = word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == " " || $0 == "-") }
                #expect(!word.isEmpty && letters, "\(name): \(word)")
            }
        }
    }
}
