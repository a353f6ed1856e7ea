import WebClient

/// The web client's files, served from the binary (never from the file system, so no path can
/// reach a file it should not): the `WebClient` target's table, generated from
/// `Sources/WebClient/site` at build time by the `EmbedSite` plugin. `/` is `/index.html`; the route
/// matches the path's bytes exactly.
enum WebFiles {
    /// The file for a request path, if there is one.
    static func file(at path: Substring) -> WebAsset? {
        WebAssets.asset(at: String(path))
    }

    /// Builds the table now (each file's bytes, and its gzip form from the Base64 the build
    /// wrote), before the loop serves anything, rather than in the turn of the first request:
    /// 4.6 ms in a debug build on 2026-11-30.
    static func load() {
        _ = WebAssets.files.count
    }
}
