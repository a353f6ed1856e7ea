// Swift's own canonical decomposition, the one `String` comparison rests on. The
// standard library offers it only as SPI, and the server does not link Foundation.
@_spi(_Unicode) import Swift

/// What a name looks like: two names with the same skeleton count as the same name in a room.
///
/// The skeleton of a name is built scalar by scalar from its canonical decomposition
/// (so "é" and "e" + U+0301 agree, and Cyrillic "ё" is "е" + U+0308):
/// 1. U+FE0E and U+FE0F (text or emoji style) are dropped.
/// 2. Compatibility forms become the letters they stand for (``NameFolding/compatibility``):
///    fullwidth "ａｎｎ", mathematical "𝐚𝐧𝐧", circled "ⓐ", ligatures "ﬁ", superscripts,
///    Roman numerals, letterlike symbols ("ℌ").
/// 3. Letters of other scripts that look like a Latin letter become that letter
///    (``NameFolding/lookAlikes``): Cyrillic "а", Greek "Α", Armenian "օ", small capitals.
///    Upper and lower case are mapped each by its own shape, before case folding: Greek
///    "Η" looks like "H" but "η" like "n".
/// 4. Lowercase.
/// 5. The same look-alike table once more, for lowercase forms (Cyrillic "Һ" → "һ" → "h"),
///    which also folds "0" into "o", and "1", "I", "i", "|" into "l": "ann0" is "anno",
///    "Ian" is "lan".
///
/// Combining marks are kept: "Anne" and "Anné" are different names.
enum NameSkeleton {
    /// The skeleton of a valid name (see ``PlayerName/validate(_:)``).
    static func of(_ name: String) -> String {
        var skeleton = String.UnicodeScalarView()
        for scalar in name._nfd where !scalar.isPresentationSelector {
            for folded in NameFolding.compatibility(of: scalar) {
                let shape = NameFolding.lookAlike(of: folded)
                for lower in shape.properties.lowercaseMapping.unicodeScalars {
                    skeleton.append(NameFolding.lookAlike(of: lower))
                }
            }
        }
        return String(skeleton)
    }
}
