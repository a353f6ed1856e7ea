// swift-tools-version: 6.1
import PackageDescription

/// The server's own targets (system calls, event loop, transport, storage, server, its main) skip run-time
/// exclusivity checks in release builds: the one-thread design leaves them nothing to catch that
/// debug builds and the tests do not. Measured on 2026-11-24 with callgrind, pipelined pings: 5,627
/// instructions a ping with the flag on the three targets of then (event loop, server, its main),
/// 6,271 without it (10% fewer).
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// The rules and the solver are optimized in debug builds too: the solver's tests search
/// millions of positions, which unoptimized code did in 250 of the debug suite's 470 seconds of
/// 2026-11-28 (and several times that under a sanitizer); optimized, in 7. Asserts stay on
/// (`-assert-config Debug`). The package offers no library, so no other package depends on
/// these targets (unsafe flags would forbid it).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

/// The terminal client: terminal control, rendering, keys -> commands, one view per game.
let clientTargets: [Target] = [
    .target(name: "CardClient", dependencies: ["GameRules", "Wire", "SystemCall"]),
    .executableTarget(name: "cardclient", dependencies: ["CardClient"], path: "Sources/ClientMain"),
]

/// The test targets, by kind. Fast: values and the server on `ScriptedHost`, one process, no
/// peer. End to end: real `cardserver` and `cardclient` processes, tmux, browsers and the other
/// outside peers (`Scripts/test.sh` runs them again against the release binaries).
let fastTestTargets: [Target] = [
    .testTarget(name: "GameRulesTests", dependencies: ["GameRules", "KlondikeTestSupport"]),
    .testTarget(name: "RatingsTests", dependencies: ["Ratings", "TestServers"], exclude: ["glicko2_reference.py"]),
    .testTarget(name: "MatchmakingTests", dependencies: ["Matchmaking"]),
    .testTarget(name: "KlondikeSolverTests", dependencies: ["KlondikeSolver", "GameRules", "KlondikeTestSupport"]),
    .testTarget(name: "WireTests", dependencies: ["Wire", "GameRules"]),
    .testTarget(name: "WebTransportTests", dependencies: ["WebTransport"]),
    .testTarget(name: "TransportTests", dependencies: ["Transport", "Wire", "ScriptedServer", "CardServer"]),
    .testTarget(name: "NetworkTests", dependencies: ["Network", "GameRules", "TestServers"]),
    .testTarget(name: "StorageTests", dependencies: ["Storage", "TestServers"]),
    .testTarget(
        name: "CardServerTests",
        dependencies: ["CardServer", "Ratings", "Storage", "Wire", "GameRules", "KlondikeSolver", "cardserver", "cardbench", "ProtocolSchema", "ScriptedServer", "ServerTestSupport", "TestServers"]),
    .testTarget(
        name: "CardClientTests",
        dependencies: ["CardClient", "Wire", "GameRules", "cardclient", "ProtocolSchema", "ScriptedServer", "TestServers", "WebClient"]),
    .testTarget(name: "WebClientTests", dependencies: ["WebClient", "SiteEmbedder", "Deflate", "GameRules", "TestServers"]),
    .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestServers"]),
    .testTarget(name: "CardBenchTests", dependencies: ["cardbench", "Wire"]),
]
let endToEndTestTargets: [Target] = [
    .testTarget(
        name: "ServerEndToEndTests",
        dependencies: ["CardServer", "Transport", "Storage", "Wire", "GameRules", "cardserver", "ProtocolSchema", "ServerTestSupport", "TestServers"]),
    .testTarget(
        name: "ClientEndToEndTests",
        dependencies: ["CardClient", "Wire", "GameRules", "cardclient", "cardserver", "TestServers"]),
]

/// `CARDSERVER_TEST_SET=sanitize` (set by `Scripts/sanitize.sh`) declares only what a
/// sanitizer's build needs: the test targets it runs in-process, those with threads (the event
/// loop's, storage's writing thread, the solver's two searches) and the parsers (wire, HTTP,
/// WebSocket), and the `cardserver` that the server's end-to-end tests start under it. The client,
/// cardbench and the other tests are left out, so one debug build serves both uses and shares
/// every module they have in common (a sanitized release server of its own cost 150-290 s more
/// of CI's 2 cores). `CARDSERVER_TEST_SET=sanitize-threads` (ThreadSanitizer's) leaves out the
/// parsers' tests, which start no thread.
let testSet = Context.environment["CARDSERVER_TEST_SET"]
let sanitizing = testSet == "sanitize" || testSet == "sanitize-threads"
let sanitizedTests: Set<String> = testSet == "sanitize-threads"
    ? ["KlondikeSolverTests", "NetworkTests", "StorageTests"]
    : ["KlondikeSolverTests", "WireTests", "WebTransportTests", "NetworkTests", "StorageTests"]
let sanitizedSupport: Set<String> = [
    "GameRules", "KlondikeSolver", "Ratings", "Matchmaking", "Wire", "WebTransport", "CLinux", "SystemCall", "Network", "Storage", "KlondikeTestSupport", "TestServers",
    "Transport", "WebClient", "EmbedSite", "SiteEmbedder", "Deflate", "CardServer", "cardserver",
]

let package = Package(
    name: "cardserver",
    products: sanitizing ? [.executable(name: "cardserver", targets: ["cardserver"])] : [
        .executable(name: "cardserver", targets: ["cardserver"]),
        .executable(name: "cardclient", targets: ["cardclient"]),
        .executable(name: "cardbench", targets: ["cardbench"]),
    ],
    targets: [
        // The C shim: the Linux and GNU calls Glibc's Swift module does not expose or Swift cannot
        // call directly (epoll, signalfd, eventfd, signal masks, socket options, strerror_r,
        // malloc_trim, syncfs).
        .target(name: "CLinux"),
        // Pure rules of every game: values in, values out; stdlib only (a test holds every file to no import).
        .target(name: "GameRules", swiftSettings: optimizedInDebug),
        // The Klondike solver and the hints made from it: positions, searches, proofs. Time and
        // threads come from the caller (a clock, a runner of two pieces of work).
        .target(name: "KlondikeSolver", dependencies: ["GameRules"], swiftSettings: optimizedInDebug),
        // Glicko-2 ratings (Glickman 2012): values in, values out, no clock (the caller passes the
        // days since a player's last rated game).
        .target(name: "Ratings", swiftSettings: optimizedInDebug),
        // Quick-pairing pools (lichess's waves): who waits, when a wave fires, and the
        // minimum-cost pairing it makes; values in, values out, no clock.
        .target(name: "Matchmaking", swiftSettings: optimizedInDebug),
        // Protocol 1 messages (rule values in JSON), the JSON codec and the line framer; knows nothing of sockets.
        .target(name: "Wire", dependencies: ["GameRules"]),
        // HTTP/1.1 request heads, replies, and WebSocket (RFC 6455) frames, handshake, SHA-1 and
        // Base64: pure values in, values out; knows nothing of sockets or games.
        .target(name: "WebTransport"),
        // The system-call wrappers, IOResult and SystemError of every program here.
        .target(name: "SystemCall", dependencies: ["CLinux"], swiftSettings: releaseSpeed),
        // Sockets, the epoll event loop, timers and output buffers: bytes and descriptors only;
        // knows no protocol (a connection's lines are framed by a closure its owner gives).
        .target(name: "Network", dependencies: ["CLinux", "SystemCall"], swiftSettings: releaseSpeed),
        // Every protocol on the game port, on a host protocol with timers: first-bytes detection,
        // protocol 1 line framing, HTTP/1.1 routes, WebSocket both ways, head deadlines and pings;
        // lines in and out to a service (the referee). Knows no games and no sockets.
        .target(name: "Transport", dependencies: ["Wire", "WebTransport", "WebClient"], swiftSettings: releaseSpeed),
        // The data directory: its lock, sealed records read and repaired, the disk budget, replay files,
        // and the threads that work off the loop (the one writing thread, the background worker).
        .target(name: "Storage", dependencies: ["SystemCall", "CLinux"], swiftSettings: releaseSpeed),
        // The web client (HTML, CSS, JavaScript modules): site/ holds the files as written, and the
        // EmbedSite plugin compiles them, and their gzip forms, into the binary at build time.
        .target(name: "WebClient", dependencies: ["WebTransport"], exclude: ["site"], plugins: ["EmbedSite"]),
        // The build-tool plugin that runs SiteEmbedder over WebClient's site/, and the generator.
        .plugin(name: "EmbedSite", capability: .buildTool(), dependencies: ["SiteEmbedder"], path: "Sources/EmbedSitePlugin"),
        .executableTarget(name: "SiteEmbedder", dependencies: ["Deflate"]),
        // DEFLATE (RFC 1951) and gzip (RFC 1952), written here: the generator compresses the
        // site with it at build time. Optimized in debug builds too, as every build runs it.
        .target(name: "Deflate", swiftSettings: optimizedInDebug),
        // The referee: sessions, lobby and rooms, lines in -> rules -> lines out, whatever carried
        // them; no I/O (files through Storage's logs, time and sockets through its host).
        .target(name: "CardServer", dependencies: ["GameRules", "KlondikeSolver", "Wire", "Storage", "Ratings", "Matchmaking"], swiftSettings: releaseSpeed),
        .executableTarget(name: "cardserver", dependencies: ["CardServer", "Network", "Transport", "Wire", "Storage", "SystemCall", "CLinux"], path: "Sources/ServerMain", swiftSettings: releaseSpeed),
        // Benchmarks and load generation: prints figures, asserts nothing.
        .executableTarget(name: "cardbench", dependencies: ["GameRules", "KlondikeSolver", "Wire", "CLinux", "SystemCall", "Matchmaking"]),

        // Test support: Klondike cards, piles and positions written by name ("7♥"), for the rules' and the solver's tests.
        .target(name: "KlondikeTestSupport", dependencies: ["GameRules"], path: "Tests/KlondikeTestSupport"),
        // Test support: a JSON Schema validator for Protocol.schema.json, shared by the tests of both programs.
        .target(name: "ProtocolSchema", dependencies: ["Wire"], path: "Tests/ProtocolSchema", swiftSettings: optimizedInDebug),
        // Test support: the server behind its transport on a scripted host (manual clock, captured
        // output, seeded generator).
        .target(name: "ScriptedServer", dependencies: ["CardServer", "Transport", "Wire", "GameRules"], path: "Tests/ScriptedServer"),
        // Test support: the one launcher of a real cardserver (posix_spawn, as a service starts it), the
        // outside peers a test needs (skipped or, in CI, failed when missing), and the trait that gives
        // a test that blocks a thread of its own.
        .target(name: "TestServers", path: "Tests/TestServers"),
        // Test support: clients that read the server line by line, over a socket or on ScriptedHost,
        // each line checked against the schema; the tables and players the server's tests share.
        .target(
            name: "ServerTestSupport", dependencies: ["CardServer", "ProtocolSchema", "ScriptedServer", "TestServers", "Wire", "GameRules"],
            path: "Tests/ServerTestSupport"),
    ].filter { !sanitizing || sanitizedSupport.contains($0.name) } + (sanitizing ? [] : clientTargets)
        + (fastTestTargets + endToEndTestTargets).filter { !sanitizing || sanitizedTests.contains($0.name) },
    swiftLanguageModes: [.v6]
)
