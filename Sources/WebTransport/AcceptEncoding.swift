/// What a request's `Accept-Encoding` (RFC 9110, 12.5.3) says of gzip, the one content coding
/// this server sends: a list of codings, each with an optional weight (`;q=` 0 to 1, three
/// decimals at most; 0 is "not acceptable"), where `*` stands for every coding not named and
/// `identity` for the file as it is.
public enum AcceptEncoding {
    /// Whether a reply may be gzip-compressed for a request with these `Accept-Encoding` values
    /// (each field line's, in order, as ``HTTPRequest/values(_:)`` gives them).
    ///
    /// Gzip (or its old name `x-gzip`) needs a weight above 0, named or through `*`, and no
    /// lower than that of `identity` when `identity` is named. Without the header, or with an
    /// empty one, the file goes as it is: RFC 9110 would allow any coding then, but a client
    /// that says nothing (curl, netcat, a bot) may well not be able to undo one.
    public static func allowsGzip(_ values: [String]) -> Bool {
        var gzip: Int?
        var any: Int?
        var identity: Int?
        for element in values.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false) {
            var parts = element.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
            let coding = (parts.next() ?? "").trimmingSpaces.lowercased()
            // The list's syntax allows empty elements ("gzip,,br").
            guard !coding.isEmpty else { continue }
            var weight = 1000
            while let parameter = parts.next() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                // A weight that cannot be read refuses the coding: the file as it is always works.
                weight = Self.weight(pair[1].trimmingSpaces) ?? 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
            case "*": any = max(any ?? 0, weight)
            case "identity": identity = max(identity ?? 0, weight)
            default: break
            }
        }
        let gzipWeight = gzip ?? any ?? 0
        return gzipWeight > 0 && gzipWeight >= (identity ?? 0)
    }

    /// A `qvalue` in thousandths: "0", "0.5", "1", "1.000"; nil for anything else.
    static func weight(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let decimals = bytes.dropFirst(2)
        guard bytes.count == 1 || bytes[1] == UInt8(ascii: "."), decimals.count <= 3,
              decimals.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var thousandths = Int(first - UInt8(ascii: "0")) * 1000
        for (place, digit) in zip([100, 10, 1], decimals) { thousandths += Int(digit - UInt8(ascii: "0")) * place }
        return thousandths <= 1000 ? thousandths : nil
    }
}
