import Deflate
import Foundation
@testable import SiteEmbedder
import Testing

/// The build-time generator of the web client's table: every file as a raw literal that
/// gives back its exact bytes, its gzip form beside it when smaller, and a file the site
/// cannot serve stopping the build.
struct SiteEmbeddingTests {
    static let header = """
        // Generated at build time by the EmbedSite plugin (Sources/SiteEmbedder) from
        // Sources/WebClient/site: the files as they are, byte for byte, each with its
        // gzip form (Sources/Deflate) where that is smaller.

        extension WebAssets {
            /// Every file of the web client, by the path it is served under.
            public static let files: [String: WebAsset] = [

        """

    @Test func filesAreSortedTypedAndKeptExactlyWithOrWithoutTheirLastLineFeed() throws {
        let source = try SiteEmbedding.source(files: [
            ("/style.css", Array("a{}\n".utf8)),
            ("/games/x.js", Array("let s = \"\\(x)\";".utf8)),
        ])
        #expect(source == Self.header + """
                    "/games/x.js": WebAsset(contentType: "text/javascript; charset=utf-8", text: #\"\"\"
            let s = "\\(x)";
            \"\"\"#),
                    "/style.css": WebAsset(contentType: "text/css; charset=utf-8", text: #\"\"\"
            a{}

            \"\"\"#),
                ]
            }

            """)
    }

    /// Files this small would grow under gzip (its head and tail alone are 18 bytes), so the
    /// test above has none; one that shrinks carries its gzip form, in Base64.
    @Test func aFileThatShrinksCarriesItsGzipForm() throws {
        let bytes = Array(String(repeating: ".card { color: black; }\n", count: 40).utf8)
        let source = try SiteEmbedding.source(files: [("/cards.css", bytes)])
        let gzip = Gzip.compress(bytes)
        #expect(gzip.count == 52)
        #expect(source.hasSuffix("\n\"\"\"#, gzip: \"\(Data(gzip).base64EncodedString())\"),\n    ]\n}\n"))
    }

    @Test func theDelimiterOutgrowsEveryQuoteAndHashInTheText() throws {
        #expect(SiteEmbedding.longestRun(of: "#", after: "\"", in: "no quotes # here") == 0)
        #expect(SiteEmbedding.longestRun(of: "#", after: "\"", in: #####"a "## b "#### c"#####) == 4)
        let source = try SiteEmbedding.source(files: [("/a.js", Array(#####"x = "\"""###;"#####.utf8))])
        #expect(source.contains("text: ####\"\"\"\n"))
        #expect(source.hasSuffix("\n\"\"\"####),\n    ]\n}\n"))
    }

    @Test(arguments: [
        ("/notes.txt", Array("hi\n".utf8), "/notes.txt: no content type for a .txt file; the site holds .css, .html, .js, .svg"),
        ("/README", Array("hi\n".utf8), "/README: no content type for a file without a suffix; the site holds .css, .html, .js, .svg"),
        ("/a.js", [0x61, 0xFF, 0x0A], "/a.js is not UTF-8"),
        ("/a.css", Array("a{}\r\n".utf8), "/a.css holds a carriage return; save it with line feeds only"),
    ])
    func aFileTheSiteCannotServeStopsTheBuild(path: String, bytes: [UInt8], refusal: String) {
        #expect(throws: SiteEmbedding.Refusal(description: refusal)) {
            try SiteEmbedding.source(files: [(path, bytes)])
        }
    }
}
