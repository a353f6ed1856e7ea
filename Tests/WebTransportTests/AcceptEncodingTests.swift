import Testing
import WebTransport

/// Whether a request's `Accept-Encoding` lets a file go gzip-compressed (RFC 9110, 12.5.3).
struct AcceptEncodingTests {
    @Test(arguments: [
        (["gzip"], true),
        (["GZIP"], true),
        (["x-gzip"], true),
        (["gzip, deflate, br, zstd"], true),
        (["gzip;q=0"], false),
        (["gzip; q=0.000"], false),
        (["gzip;Q=0"], false),
        (["deflate, gzip;q=0.5"], true),
        (["deflate, br"], false),
        (["*"], true),
        (["*;q=0"], false),
        (["*;q=0.1"], true),
        // A coding named outweighs `*`, either way.
        (["*, gzip;q=0"], false),
        (["*;q=0, gzip"], true),
        (["identity"], false),
        (["identity, gzip;q=0.5"], false),
        (["identity;q=0.5, gzip"], true),
        (["gzip, identity;q=0"], true),
        (["gzip;q=1.0, identity;q=1"], true),
        // An empty header is "identity only"; so is no header (below).
        ([""], false),
        ([" , ,gzip"], true),
        // Weights out of the grammar refuse the coding.
        (["gzip;q=2"], false),
        (["gzip;q=1.5"], false),
        (["gzip;q=0.0001"], false),
        (["gzip;q=high"], false),
        (["gzip;q="], false),
        (["gzip;level=9"], true),
        (["gzip ; q=0.8"], true),
        (["gzipped"], false),
        // Two field lines are one list.
        (["deflate", "gzip"], true),
        (["gzip", "gzip;q=0"], true),
        ([], false),
    ] as [([String], Bool)])
    func gzipIsAllowedWhenTheHeaderSaysSo(values: [String], allowed: Bool) {
        #expect(AcceptEncoding.allowsGzip(values) == allowed)
    }
}
