/// The web client's files, served from the binary (never from the file system, so no path can
/// reach a file it should not): path -> content type and bytes. `/` is `/index.html`.
///
/// A file is added as a row here; the route matches the path's bytes exactly.
enum WebFiles {
    struct File {
        let contentType: String
        let bytes: [UInt8]
    }

    static let table: [String: File] = [
        "/index.html": File(contentType: "text/html; charset=utf-8", bytes: Array(indexHTML.utf8)),
    ]

    /// The file for a request path, if there is one.
    static func file(at path: Substring) -> File? {
        table[path == "/" ? "/index.html" : String(path)]
    }

    /// A placeholder until the web client comes (the next issue): it says how to play today.
    static let indexHTML = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>cardserver</title>
        </head>
        <body>
        <h1>cardserver</h1>
        <p>This server plays Set, rock-paper-scissors, Brain, Concentration and Klondike.
        The web client is on its way. Until then, play with <code>cardclient</code>, with
        <code>nc HOST PORT</code>, or over a WebSocket at <code>/ws</code> (one protocol 1
        message per text frame).</p>
        </body>
        </html>

        """
}
