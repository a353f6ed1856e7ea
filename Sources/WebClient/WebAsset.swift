import WebTransport

/// One file of the web client, compiled into the binary.
public struct WebAsset: Sendable {
    /// The `Content-Type` it is served with.
    public let contentType: String
    /// Its bytes, as UTF-8.
    public let body: [UInt8]
    /// The same bytes gzip-compressed (RFC 1952), for a client whose `Accept-Encoding` takes
    /// gzip: compressed once, at build time, by `SiteEmbedder`. Nil when gzip would not be
    /// smaller than the file itself.
    public let gzipBody: [UInt8]?

    /// An asset from the generated table.
    /// - Parameter gzip: the gzip body in Base64 (a string literal compiles in no time where a
    ///   byte array literal of the same size takes seconds).
    init(contentType: String, text: String, gzip: String? = nil) {
        self.contentType = contentType
        self.body = Array(text.utf8)
        self.gzipBody = gzip.map { text in
            guard let bytes = Base64.decode(text) else { preconditionFailure("the generated table holds malformed Base64") }
            return bytes
        }
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
