/// One file of the web client, compiled into the binary.
public struct WebAsset: Sendable {
    /// The `Content-Type` it is served with.
    public let contentType: String
    /// Its bytes, as UTF-8.
    public let body: [UInt8]

    init(contentType: String, text: String) {
        self.contentType = contentType
        self.body = Array(text.utf8)
    }
}

/// The web client's files (HTML, CSS, JavaScript modules; no third-party code, no bundler),
/// compiled from `Sources/WebClient/site` at build time by the `EmbedSite` plugin.
public enum WebAssets {
    /// The file served for `path`, where `/` is `/index.html`; nil for any other path.
    /// Paths are looked up as they are, so `..`, `%2e` or a doubled slash name no file.
    public static func asset(at path: String) -> WebAsset? {
        files[path == "/" ? "/index.html" : path]
    }
}
