import CardServer
import Glibc
import Network

let version = "0.1.0"

let request: Options.Request
do {
    request = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("Error: \(error.message)\n\(Options.usage)\n")
    exit(64)
}

let options: Options
switch request {
case .help:
    print(Options.help)
    exit(0)
case .version:
    print("cardserver \(version)")
    exit(0)
case .run(let given):
    options = given
}

// A peer that vanishes mid-write must cost an error code, not the process.
signal(SIGPIPE, SIG_IGN)

do {
    var limits = NetworkLimits()
    limits.maxPendingOutputBytes = options.outputLimit
    let loop = try EventLoop(limits: limits)
    let host = LoopHost(loop: loop)
    let server = GameServer(
        config: ServerConfig(version: version, maxClients: options.maxClients, grace: .seconds(options.graceSeconds)),
        host: host)
    host.server = server
    loop.delegate = host
    try loop.handleSignals([SIGINT, SIGTERM]) { signal in
        Log.write("signal \(signal): shutting down")
        loop.stopListening()
        server.shutdown()
        loop.stop()
    }
    let bound = try loop.listen(host: options.host, port: options.port)
    let shownHost = bound.host.contains(":") ? "[\(bound.host)]" : bound.host
    Log.write("cardserver \(version) listening on \(shownHost):\(bound.port)")
    try loop.run()
    loop.drain(timeout: Duration.seconds(3))
    Log.write("bye")
    exit(0)
} catch {
    Log.write("Error: \(error)")
    exit(1)
}
