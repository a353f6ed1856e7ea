import Deflate
import Foundation

/// Turns the web client's files into Swift source: one string literal per file, byte for
/// byte, in a dictionary by the path each is served under, with the file gzip-compressed
/// beside it (in Base64) when that is smaller. Run at build time by the `EmbedSite` plugin,
/// so what the server serves is always what `site/` holds, and the server never compresses.
enum SiteEmbedding {
    /// Why a file cannot be embedded.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The `Content-Type` of each kind of file the site may hold; any other is refused, so a
    /// file nobody meant to serve is noticed at build time.
    static let contentTypes = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
    ]

    /// The Swift source for `files` (path under the site, from `/`, and bytes).
    /// - Throws: ``Refusal`` for a file with no known content type, not UTF-8, or holding a
    ///   carriage return (a multi-line literal would turn it into a line feed).
    static func source(files: [(path: String, bytes: [UInt8])]) throws(Refusal) -> String {
        var out = """
            // Generated at build time by the EmbedSite plugin (Sources/SiteEmbedder) from
            // Sources/WebClient/site: the files as they are, byte for byte, each with its
            // gzip form (Sources/Deflate) where that is smaller.

            extension WebAssets {
                /// Every file of the web client, by the path it is served under.
                public static let files: [String: WebAsset] = [

            """
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.path.split(separator: "/").last ?? ""
            let suffix = name.contains(".") ? String(name.split(separator: ".", omittingEmptySubsequences: false).last ?? "") : nil
            guard let suffix, let type = contentTypes[suffix] else {
                throw Refusal(description: "\(file.path): no content type for a " + (suffix.map { ".\($0) file" } ?? "file without a suffix")
                    + "; the site holds " + contentTypes.keys.sorted().map { "." + $0 }.joined(separator: ", "))
            }
            guard let text = String(validating: file.bytes, as: UTF8.self) else {
                throw Refusal(description: "\(file.path) is not UTF-8")
            }
            guard !file.bytes.contains(13) else {
                throw Refusal(description: "\(file.path) holds a carriage return; save it with line feeds only")
            }
            let delimiter = String(repeating: "#", count: longestRun(of: "#", after: "\"", in: text) + 1)
            // A multi-line literal ends before the line feed that precedes its closing
            // delimiter, so the text comes back exactly, with its last line feed or without.
            out += "        \"\(file.path)\": WebAsset(contentType: \"\(type)\", text: \(delimiter)\"\"\"\n"
            out += text + "\n\"\"\"\(delimiter)"
            let gzip = Gzip.compress(file.bytes)
            if gzip.count < file.bytes.count {
                out += ", gzip: \"\(Data(gzip).base64EncodedString())\""
            }
            out += "),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    /// The longest run of `mark` right after a `quote` in `text`: a raw literal's delimiter
    /// needs one more, so no `"###` in the text can end it.
    static func longestRun(of mark: Character, after quote: Character, in text: String) -> Int {
        var longest = 0
        var run: Int?
        for character in text {
            if character == quote {
                run = 0
            } else if character == mark, let counted = run {
                run = counted + 1
                longest = max(longest, counted + 1)
            } else {
                run = nil
            }
        }
        return longest
    }
}
