import Foundation
import Testing
import WebClient

/// The web client as the binary serves it: the same bytes as the files under
/// Sources/WebClient/site, small, self-contained, and reachable only by its own paths.
@Suite struct WebAssetsTests {
    static let site = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WebClient/site")

    /// Every file under site/, by the path it is served under.
    static func filesOnDisk() throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let root = site.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = root + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            found["/" + relative] = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
        }
        return found
    }

    @Test func theBinaryServesExactlyTheFilesOfTheSite() throws {
        let disk = try Self.filesOnDisk()
        #expect(Set(disk.keys) == Set(WebAssets.files.keys), "run Scripts/embed-web.py after editing Sources/WebClient/site")
        for (path, bytes) in disk {
            let same = WebAssets.files[path]?.body == bytes
            #expect(same, "\(path) differs from its embedded copy: run Scripts/embed-web.py")
        }
        #expect(disk.count == 16)
    }

    @Test func everyFileHasItsContentType() {
        #expect(WebAssets.asset(at: "/")?.contentType == "text/html; charset=utf-8")
        #expect(WebAssets.asset(at: "/app.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(WebAssets.asset(at: "/games/klondike.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(WebAssets.asset(at: "/style.css")?.contentType == "text/css; charset=utf-8")
        #expect(WebAssets.asset(at: "/favicon.svg")?.contentType == "image/svg+xml")
    }

    @Test(arguments: ["/../Package.swift", "/%2e%2e/Package.swift", "//app.js", "/./app.js", "/site/app.js", "/index.html/", "/APP.JS", "/games/../app.js", ""])
    func otherPathsNameNoFile(path: String) {
        #expect(WebAssets.asset(at: path) == nil)
    }

    @Test func theFirstLoadIsUnder150KB() {
        let total = WebAssets.files.values.reduce(0) { $0 + $1.body.count }
        #expect(total < 150 * 1024, "the whole client is \(total) bytes")
    }

    /// The page runs under a Content-Security-Policy of its own origin: no inline script or
    /// handler, and nothing fetched from anywhere else (the page works with no internet).
    @Test func nothingInlineAndNothingFromElsewhere() throws {
        for (path, asset) in WebAssets.files {
            // The SVG namespace is a name, not an address: nothing is fetched from it.
            let text = String(decoding: asset.body, as: UTF8.self).replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(!text.contains("http://"), "\(path) names another origin")
            #expect(!text.contains("https://"), "\(path) names another origin")
            #expect(!text.contains("innerHTML"), "\(path) writes HTML from strings")
            #expect(!text.contains("eval("), "\(path) evaluates strings")
        }
        let index = String(decoding: try #require(WebAssets.asset(at: "/")).body, as: UTF8.self)
        let scripts = index.components(separatedBy: "<script").dropFirst()
        #expect(scripts.count == 1)
        for script in scripts {
            #expect(script.hasPrefix(" type=\"module\" src=\"/app.js\"></script>"))
        }
        #expect(index.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "an inline event handler")
        #expect(!index.contains("style="), "an inline style")
    }
}
