import Foundation
import TestServers
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

    /// The build's generator embeds every file byte for byte (there is no copy to go stale:
    /// the EmbedSite plugin writes the table at each build from what site/ holds).
    @Test func theBinaryServesExactlyTheFilesOfTheSite() throws {
        let disk = try Self.filesOnDisk()
        #expect(Set(disk.keys) == Set(WebAssets.files.keys))
        for (path, bytes) in disk {
            let same = WebAssets.files[path]?.body == bytes
            #expect(same, "\(path) is not embedded byte for byte")
        }
        #expect(disk.keys.contains("/index.html") && disk.keys.contains("/games/set.js"))
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

    /// What a browser downloads on the first load is every file (the page imports every
    /// module), gzip-compressed: on 2026-11-30, 52,940 bytes (153,174 as written, 34.6%).
    /// The budget is 64 KiB of that. The files as written are capped too, at 256 KiB, so
    /// that what a client without gzip gets, and the binary holds, cannot run away.
    @Test func theFirstLoadFitsItsBudgets() {
        let written = WebAssets.files.values.reduce(0) { $0 + $1.body.count }
        let sent = WebAssets.files.values.reduce(0) { $0 + ($1.gzipBody ?? $1.body).count }
        #expect(sent < 64 * 1024, "the whole client is \(sent) bytes gzip-compressed")
        #expect(written < 256 * 1024, "the whole client is \(written) bytes as written")
    }

    /// Every file but the smallest is worth compressing, and its gzip form is smaller: a
    /// file gzip would grow is served as it is.
    @Test func everyFileOfSomeSizeHasASmallerGzipForm() {
        for (path, asset) in WebAssets.files {
            if let gzip = asset.gzipBody {
                #expect(gzip.count < asset.body.count, "\(path)")
                #expect(gzip.starts(with: [0x1F, 0x8B, 8]), "\(path) is not gzip")
            } else {
                #expect(asset.body.count < 100, "\(path) has no gzip form")
            }
        }
        #expect(WebAssets.asset(at: "/app.js")?.gzipBody != nil)
    }

    /// Another implementation (Python's gzip, on zlib) gives back each file byte for byte
    /// from the gzip form the binary serves.
    @Test(.needs(.python3)) func everyGzipFormDecompressesToItsFile() throws {
        let compressed = WebAssets.files.filter { $0.value.gzipBody != nil }.sorted { $0.key < $1.key }
        let decompressed = try PythonGzip.decompress(compressed.map { $0.value.gzipBody ?? [] })
        #expect(decompressed.count == compressed.count)
        for ((path, asset), bytes) in zip(compressed, decompressed) {
            #expect(bytes == asset.body, "\(path)'s gzip form is not the file")
        }
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

    /// The modules each JavaScript file imports, as served paths ("./x.js" and "../x.js"
    /// resolved against the file's folder).
    static func imports(of path: String) -> [String] {
        let text = String(decoding: WebAssets.files[path]?.body ?? [], as: UTF8.self)
        let folder = path.split(separator: "/").dropLast().map(String.init)
        return text.split(separator: "\n").filter { $0.hasPrefix("import ") }.compactMap { line in
            guard let target = line.split(separator: "'").dropFirst().first else { return nil }
            var parts = folder
            for part in target.split(separator: "/") {
                if part == ".." { parts.removeLast() } else if part != "." { parts.append(String(part)) }
            }
            return "/" + parts.joined(separator: "/")
        }
    }

    /// Modules that import each other load in an order that depends on who asked first: every
    /// import names a file the binary serves, and no chain of imports comes back to its start.
    @Test func theModulesImportEachOtherWithoutACycle() {
        let modules = WebAssets.files.keys.filter { $0.hasSuffix(".js") }.sorted()
        #expect(modules.count > 10)
        let edges = Dictionary(uniqueKeysWithValues: modules.map { ($0, Self.imports(of: $0)) })
        #expect(edges["/games/index.js"]?.contains("/games/set.js") == true)
        #expect(edges["/games/set.js"] == ["/dom.js"])
        for (module, targets) in edges {
            for target in targets { #expect(WebAssets.files[target] != nil, "\(module) imports \(target), which is not served") }
        }
        // Depth-first, marking the modules on the current path.
        var finished: Set<String> = []
        var cycles: [[String]] = []
        func visit(_ module: String, path: [String]) {
            if let start = path.firstIndex(of: module) {
                cycles.append(Array(path[start...]) + [module])
                return
            }
            guard !finished.contains(module) else { return }
            for target in edges[module] ?? [] { visit(target, path: path + [module]) }
            finished.insert(module)
        }
        for module in modules { visit(module, path: []) }
        #expect(cycles.isEmpty, "\(cycles)")
    }
}
