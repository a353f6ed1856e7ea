@testable import CardServer
import Foundation
import ServerTestSupport
import Testing

/// The name rules (`PlayerName`) and the look-alike skeleton (`NameSkeleton`), without a server.
struct NameRulesTests {
    @Test(arguments: [
        ("Zoë", "Zoë"),
        ("李小龙", "李小龙"),
        ("José María", "José María"),
        ("ann-2", "ann-2"),
        ("O'Brien", "O'Brien"),
        ("🙂ann", "🙂ann"),
        ("❤\u{FE0F}ann", "❤\u{FE0F}ann"),
        ("  ann  ", "ann"),
        ("ann   b", "ann b"),
        ("ann\u{3000}\u{A0}b", "ann b"),
        (String(repeating: "李", count: 20), String(repeating: "李", count: 20)),
        ("a\u{301}\u{302}\u{303}\u{304}", "a\u{301}\u{302}\u{303}\u{304}"),
    ])
    func acceptedNamesComeBackTrimmedWithSpacesCollapsed(raw: String, name: String) throws {
        let accepted = try PlayerName.validate(raw)
        #expect(Array(accepted.unicodeScalars) == Array(name.unicodeScalars))
    }

    @Test(arguments: [
        ("   ", "a name needs at least one character that is not a space"),
        ("abcdefghijklmnopqrstu", "a name may be at most 20 characters; that one has 21"),
        ("a" + String(repeating: "\u{301}", count: 3000), "a name may be at most 64 bytes of UTF-8; that one has 6001"),
        (String(repeating: "🙂", count: 17) + "a", "a name may be at most 64 bytes of UTF-8; that one has 69"),
        ("ann\u{200B}", "a name may not hold invisible or direction-changing characters like U+200B"),
        ("ann\u{202E}", "a name may not hold invisible or direction-changing characters like U+202E"),
        ("\u{FEFF}ann", "a name may not hold invisible or direction-changing characters like U+FEFF"),
        ("ann\u{E0041}", "a name may not hold invisible or direction-changing characters like U+E0041"),
        ("ann\u{2800}", "a name may not hold invisible or direction-changing characters like U+2800"),
        ("ann\u{3164}", "a name may not hold invisible or direction-changing characters like U+3164"),
        ("a\u{200D}b", "a name may not hold invisible or direction-changing characters like U+200D"),
        ("a\u{7}b", "a name may not hold control characters or line breaks like U+0007"),
        ("a\u{1B}[31mb", "a name may not hold control characters or line breaks like U+001B"),
        ("a\u{2028}b", "a name may not hold control characters or line breaks like U+2028"),
        ("a\u{9}b", "a name may not hold control characters or line breaks like U+0009"),
        ("ann\u{E000}", "a name may not hold private-use characters like U+E000"),
        ("ann\u{378}", "a name may not hold unassigned characters like U+0378"),
        ("\u{301}ann", "a name may not start with a combining mark like U+0301"),
        ("a" + String(repeating: "\u{301}", count: 5), "a name may have at most 4 combining marks on one character; one there has 5"),
        ("🙂", "a name needs at least one letter or number"),
        ("-- !", "a name needs at least one letter or number"),
    ])
    func refusedNamesSayWhatWasWrong(raw: String, message: String) {
        #expect(throws: CommandError.badRequest(message)) { try PlayerName.validate(raw) }
    }

    @Test(arguments: [
        ("ann", "аnn"),  // Cyrillic а
        ("ann", "ａｎｎ"),
        ("ann", "ANN"),
        ("ann", "Ann"),
        ("ann", "АNN"),  // Cyrillic А
        ("ann", "𝐚𝐧𝐧"),
        ("ann", "𝔄𝔫𝔫"),
        ("ann", "ⓐⓝⓝ"),
        ("ann", "ᴀɴɴ"),
        ("ann", "ann\u{FE0F}"),
        ("Zoë", "zoe\u{308}"),
        ("Zoë", "ZOË"),
        ("José", "jose\u{301}"),
        ("pepe", "рере"),  // Cyrillic
        ("alex", "аlех"),  // Cyrillic а, е, х
        ("sofia", "ѕоfіа"),  // Cyrillic
        ("kate", "ΚΑΤΕ"),  // Greek capitals
        ("topo", "τορο"),  // Greek small letters
        ("ann0", "anno"),
        ("Ian", "lan"),
        ("bill", "bi11"),
        ("finn", "ﬁnn"),
        ("max", "ⅿax"),
        ("ann2", "ann₂"),
        ("ёлка", "е\u{308}лка"),
    ])
    func lookAlikeNamesShareASkeleton(name: String, lookAlike: String) {
        #expect(NameSkeleton.of(name) == NameSkeleton.of(lookAlike))
    }

    @Test(arguments: [
        ("anne", "anné"),
        ("ann", "anna"),
        ("ann", "an n"),
        ("noel", "noël"),
        ("bob", "b0b1"),
        ("李小龙", "李小"),
    ])
    func differentNamesHaveDifferentSkeletons(name: String, other: String) {
        #expect(NameSkeleton.of(name) != NameSkeleton.of(other))
    }

    @Test(arguments: [
        ("Ann", "ann"),
        ("Ian", "lan"),
        ("ａｎｎ", "ann"),
        ("𝔞𝔫𝔫", "ann"),
        ("рере", "pepe"),
        ("ΚΑΤΕ", "kate"),
        ("Zoë", "zoe\u{308}"),
        ("José María", "jose\u{301} marl\u{301}a"),
        ("ﬃ", "ffl"),
        ("O'Brien", "o'brlen"),
    ])
    func skeletonsAreExact(name: String, skeleton: String) {
        #expect(Array(NameSkeleton.of(name).unicodeScalars) == Array(skeleton.unicodeScalars))
    }

    /// Every compatibility form in the ranges the fold claims agrees with NFKC
    /// (Foundation's, here only as the reference) wherever NFKC gives ASCII letters or digits.
    @Test func compatibilityFoldAgreesWithNFKC() {
        let ranges: [ClosedRange<UInt32>] = [
            0x00A0...0x02FF, 0x2070...0x209F, 0x2100...0x218F, 0x2460...0x24FF,
            0xFB00...0xFB06, 0xFF01...0xFF5E, 0x1D400...0x1D7FF, 0x1F130...0x1F149,
        ]
        var disagreements: [String] = []
        var compared = 0
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                let text = String(scalar)
                let nfkc = text.precomposedStringWithCompatibilityMapping
                guard nfkc != text, !nfkc.isEmpty, nfkc.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { continue }
                compared += 1
                if NameSkeleton.of(text) != NameSkeleton.of(nfkc) {
                    disagreements.append("\(scalar.codePointLabel) \(text) → \(nfkc)")
                }
            }
        }
        #expect(disagreements == [])
        // Not an empty check: fullwidth, mathematical, circled, squared forms and more
        // (994 with the Unicode tables of Swift 6.3).
        #expect(compared > 900)
    }

    /// A precomposed letter and its decomposition have one skeleton, whichever script.
    @Test func precomposedAndDecomposedLettersAgree() {
        var disagreements: [String] = []
        for value: UInt32 in 0x00C0...0x04FF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let text = String(scalar)
            let nfd = text.decomposedStringWithCanonicalMapping
            if Array(NameSkeleton.of(text).unicodeScalars) != Array(NameSkeleton.of(nfd).unicodeScalars) {
                disagreements.append(scalar.codePointLabel)
            }
        }
        #expect(disagreements == [])
    }
}
