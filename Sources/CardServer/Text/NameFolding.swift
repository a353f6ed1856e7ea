/// The tables behind ``NameSkeleton``, written from Unicode's compatibility mappings
/// (NFKC) and its confusables list for the scripts a name is likeliest to borrow from.
enum NameFolding {
    /// The letters, digits or ligature parts a compatibility form stands for, as NFKC
    /// would give them (decomposed); any other scalar as it is.
    static func compatibility(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        switch value {
        case 0xFF01...0xFF5E:
            // Fullwidth ASCII: "ａｎｎ".
            return [Unicode.Scalar(value - 0xFEE0)!]
        case 0x1D400...0x1D6A3:
            // Mathematical alphanumerics: 13 styles of A-Z then a-z ("𝐚𝐧𝐧", "𝔞𝔫𝔫").
            let letter = (value - 0x1D400) % 52
            return [Unicode.Scalar(letter < 26 ? 0x41 + letter : 0x61 + letter - 26)!]
        case 0x1D7CE...0x1D7FF:
            // Mathematical digits: 5 styles of 0-9.
            return [Unicode.Scalar(0x30 + (value - 0x1D7CE) % 10)!]
        case 0x24B6...0x24CF:
            return [Unicode.Scalar(0x41 + value - 0x24B6)!]  // Ⓐ-Ⓩ
        case 0x24D0...0x24E9:
            return [Unicode.Scalar(0x61 + value - 0x24D0)!]  // ⓐ-ⓩ
        case 0x1F130...0x1F149:
            return [Unicode.Scalar(0x41 + value - 0x1F130)!]  // 🄰-🅉, squared
        case 0x2460...0x2468:
            return [Unicode.Scalar(0x31 + value - 0x2460)!]  // ①-⑨
        case 0x2469...0x2473:
            return Array(String(value - 0x2460 + 1).unicodeScalars)  // ⑩-⑳
        case 0x2080...0x2089:
            return [Unicode.Scalar(0x30 + value - 0x2080)!]  // ₀-₉
        case 0x2074...0x2079:
            return [Unicode.Scalar(0x34 + value - 0x2074)!]  // ⁴-⁹
        default:
            return compatibilityTable[value].map { Array($0.unicodeScalars) } ?? [scalar]
        }
    }

    /// Compatibility forms outside the ranges `compatibility(of:)` computes.
    private static let compatibilityTable: [UInt32: String] = [
        // Superscripts, subscripts, ordinals, modifier letters.
        0x00AA: "a", 0x00BA: "o", 0x00B9: "1", 0x00B2: "2", 0x00B3: "3", 0x24EA: "0",
        0x2070: "0", 0x2071: "i", 0x207F: "n", 0x2090: "a", 0x2091: "e", 0x2092: "o", 0x2093: "x",
        0x2095: "h", 0x2096: "k", 0x2097: "l", 0x2098: "m", 0x2099: "n", 0x209A: "p", 0x209B: "s", 0x209C: "t",
        0x02B0: "h", 0x02B2: "j", 0x02B3: "r", 0x02B7: "w", 0x02B8: "y", 0x02E1: "l", 0x02E2: "s", 0x02E3: "x",
        // Letterlike symbols.
        0x2102: "C", 0x210A: "g", 0x210B: "H", 0x210C: "H", 0x210D: "H", 0x210E: "h", 0x2110: "I", 0x2111: "I",
        0x2112: "L", 0x2113: "l", 0x2115: "N", 0x2116: "No", 0x2119: "P", 0x211A: "Q", 0x211B: "R", 0x211C: "R",
        0x211D: "R", 0x2120: "SM", 0x2121: "TEL", 0x2122: "TM", 0x2124: "Z", 0x2128: "Z", 0x212C: "B", 0x212D: "C",
        0x212F: "e", 0x2130: "E", 0x2131: "F", 0x2133: "M", 0x2134: "o", 0x2139: "i", 0x213B: "FAX",
        0x2145: "D", 0x2146: "d", 0x2147: "e", 0x2148: "i", 0x2149: "j",
        // Roman numerals.
        0x2160: "I", 0x2161: "II", 0x2162: "III", 0x2163: "IV", 0x2164: "V", 0x2165: "VI", 0x2166: "VII",
        0x2167: "VIII", 0x2168: "IX", 0x2169: "X", 0x216A: "XI", 0x216B: "XII", 0x216C: "L", 0x216D: "C",
        0x216E: "D", 0x216F: "M",
        0x2170: "i", 0x2171: "ii", 0x2172: "iii", 0x2173: "iv", 0x2174: "v", 0x2175: "vi", 0x2176: "vii",
        0x2177: "viii", 0x2178: "ix", 0x2179: "x", 0x217A: "xi", 0x217B: "xii", 0x217C: "l", 0x217D: "c",
        0x217E: "d", 0x217F: "m",
        // Ligatures and digraphs.
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
        0x0132: "IJ", 0x0133: "ij", 0x017F: "s", 0x01C7: "LJ", 0x01C8: "Lj", 0x01C9: "lj",
        0x01CA: "NJ", 0x01CB: "Nj", 0x01CC: "nj", 0x01F1: "DZ", 0x01F2: "Dz", 0x01F3: "dz",
        0x01C4: "DZ\u{30C}", 0x01C5: "Dz\u{30C}", 0x01C6: "dz\u{30C}",
        0x1D6A4: "ı", 0x1D6A5: "ȷ",
    ]

    /// The Latin letter (lowercase) a scalar looks like, or the scalar itself.
    static func lookAlike(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        lookAlikes[scalar.value] ?? scalar
    }

    /// Look-alikes of Latin letters, each mapped by its own shape. "0" goes to "o", and
    /// "1", "I", "i" and "|" to "l": in many fonts they cannot be told apart, and case
    /// folding already makes "I" and "i" one letter.
    static let lookAlikes: [UInt32: Unicode.Scalar] = [
        // Latin and ASCII.
        0x30: "o", 0x31: "l", 0x49: "l", 0x69: "l", 0x7C: "l",
        0x0131: "l", 0x0269: "l", 0x01C0: "l", 0x0251: "a", 0x0261: "g", 0x0237: "j",
        // Latin small capitals.
        0x1D00: "a", 0x0299: "b", 0x1D04: "c", 0x1D05: "d", 0x1D07: "e", 0x0262: "g", 0x029C: "h",
        0x026A: "l", 0x1D0A: "j", 0x1D0B: "k", 0x029F: "l", 0x1D0D: "m", 0x0274: "n", 0x1D0F: "o",
        0x1D18: "p", 0x0280: "r", 0xA731: "s", 0x1D1B: "t", 0x1D1C: "u", 0x1D20: "v", 0x1D21: "w",
        0x028F: "y", 0x1D22: "z",
        // Cyrillic capitals.
        0x0410: "a", 0x0412: "b", 0x0415: "e", 0x041A: "k", 0x041C: "m", 0x041D: "h", 0x041E: "o",
        0x0420: "p", 0x0421: "c", 0x0422: "t", 0x0423: "y", 0x0425: "x", 0x0405: "s", 0x0406: "l",
        0x0408: "j", 0x04AE: "y", 0x04BA: "h", 0x04C0: "l", 0x0500: "d", 0x051A: "q", 0x051C: "w",
        0x0474: "v",
        // Cyrillic small letters (в, к, м, н, т look like small capitals).
        0x0430: "a", 0x0432: "b", 0x0435: "e", 0x043A: "k", 0x043C: "m", 0x043D: "h", 0x043E: "o",
        0x0440: "p", 0x0441: "c", 0x0442: "t", 0x0443: "y", 0x0445: "x", 0x0455: "s", 0x0456: "l",
        0x0458: "j", 0x04AF: "y", 0x04BB: "h", 0x04CF: "l", 0x0501: "d", 0x051B: "q", 0x051D: "w",
        0x0475: "v",
        // Greek capitals.
        0x0391: "a", 0x0392: "b", 0x0395: "e", 0x0396: "z", 0x0397: "h", 0x0399: "l", 0x039A: "k",
        0x039C: "m", 0x039D: "n", 0x039F: "o", 0x03A1: "p", 0x03A4: "t", 0x03A5: "y", 0x03A7: "x",
        0x03F9: "c", 0x037F: "j",
        // Greek small letters.
        0x03B1: "a", 0x03B3: "y", 0x03B7: "n", 0x03B9: "l", 0x03BA: "k", 0x03BD: "v", 0x03BF: "o",
        0x03C1: "p", 0x03C4: "t", 0x03C5: "u", 0x03C7: "x", 0x03F2: "c", 0x03F3: "j",
        // Armenian.
        0x0555: "o", 0x0585: "o", 0x054D: "u", 0x057D: "u", 0x0570: "h", 0x0578: "n",
    ]
}
