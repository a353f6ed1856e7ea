import CardClient
import Glibc

let request: ClientOptions.Request
do {
    request = try ClientOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    let text = Array("Error: \(error.message)\n\(ClientOptions.usage)\n".utf8)
    _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(64)
}

switch request {
case .help:
    print(ClientOptions.help)
case .version:
    print(ClientOptions.version)
case .run(let options):
    var environment: [String: String] = [:]
    for name in ["USER", "TERM", "NO_COLOR", "HOME", "XDG_STATE_HOME"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    exit(ClientApp(options: options, environment: environment).run())
}
