import Foundation

// SiteEmbedder SITE OUTPUT: writes OUTPUT, the Swift source of every file under SITE
// (SiteEmbedding). The EmbedSite build-tool plugin runs it whenever a file under SITE
// changes; it writes OUTPUT only when the source differs, so an unchanged site compiles
// nothing again.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: SiteEmbedder SITE-DIRECTORY OUTPUT.swift\n".utf8))
    exit(2)
}
let site = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])
do {
    var files: [(path: String, bytes: [UInt8])] = []
    let walker = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walker?.nextObject() as? URL {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(site.path.count))
        files.append((relative, Array(try Data(contentsOf: url))))
    }
    let source = Data(try SiteEmbedding.source(files: files).utf8)
    if (try? Data(contentsOf: output)) != source {
        try source.write(to: output, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("SiteEmbedder: error: \(error)\n".utf8))
    exit(1)
}
