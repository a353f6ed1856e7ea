// swift-tools-version: 6.1
import PackageDescription

/// The server's own targets (system calls, event loop, storage, server, its main) skip run-time
/// exclusivity checks in release builds: the one-thread design leaves them nothing to catch that
/// debug builds and the tests do not. Measured on 2026-11-24 with callgrind, pipelined pings: 5,627
/// instructions a ping with the flag on the three targets of then (event loop, server, its main),
/// 6,271 without it (10% fewer). Never on the libraries another package may use (GameRules,
/// KlondikeSolver, Wire): a package with unsafe flags cannot be depended on by another.
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "cardserver",
    products: [
        .executable(name: "cardserver", targets: ["cardserver"]),
        .executable(name: "cardclient", targets: ["cardclient"]),
        .executable(name: "cardbench", targets: ["cardbench"]),
    ],
    targets: [
        // C shim: Glibc's Swift module does not expose <sys/epoll.h> or <sys/signalfd.h>.
        .target(name: "CEpoll"),
        // Pure rules of every game: values in, values out; stdlib only (a test holds every file to no import).
        .target(name: "GameRules"),
        // The Klondike solver and the hints made from it: positions, searches, proofs. Time and
        // threads come from the caller (a clock, a runner of two pieces of work).
        .target(name: "KlondikeSolver", dependencies: ["GameRules"]),
        // Protocol 1 messages (rule values in JSON), the JSON codec and the line framer; knows nothing of sockets.
        .target(name: "Wire", dependencies: ["GameRules"]),
        // HTTP/1.1 request heads, replies, and WebSocket (RFC 6455) frames, handshake, SHA-1 and
        // Base64: pure values in, values out; knows nothing of sockets or games.
        .target(name: "WebTransport"),
        // The system-call wrappers, IOResult and SystemError of every program here.
        .target(name: "SystemCall", dependencies: ["CEpoll"], swiftSettings: releaseSpeed),
        // Sockets, the epoll event loop, timers and output buffers; knows nothing of games.
        .target(name: "Network", dependencies: ["CEpoll", "SystemCall", "WebTransport"], swiftSettings: releaseSpeed),
        // The data directory: its lock, sealed records read and repaired, the disk budget, replay files,
        // and the threads that work off the loop (the one writing thread, the background worker).
        .target(name: "Storage", dependencies: ["SystemCall", "CEpoll"], swiftSettings: releaseSpeed),
        // Sessions, lobby and rooms: messages in -> rules -> messages out.
        .target(name: "CardServer", dependencies: ["GameRules", "KlondikeSolver", "Wire", "CEpoll", "SystemCall", "Storage", "WebTransport", "WebClient"], swiftSettings: releaseSpeed),
        .executableTarget(name: "cardserver", dependencies: ["CardServer", "Network", "Wire", "Storage"], swiftSettings: releaseSpeed),
        // The terminal client: terminal control, rendering, keys -> commands, one view per game.
        .target(name: "CardClient", dependencies: ["GameRules", "Wire", "SystemCall"]),
        .executableTarget(name: "cardclient", dependencies: ["CardClient"]),
        // Benchmarks and load generation: prints figures, asserts nothing.
        // The web client (HTML, CSS, JavaScript modules) compiled into the binary as strings by
        // Scripts/embed-web.py; site/ holds the files as written.
        .target(name: "WebClient", exclude: ["site"]),
        .executableTarget(name: "cardbench", dependencies: ["GameRules", "KlondikeSolver", "Wire", "CEpoll", "SystemCall"]),

        // Test support: Klondike cards, piles and positions written by name ("7♥"), for the rules' and the solver's tests.
        .target(name: "KlondikeTestSupport", dependencies: ["GameRules"], path: "Tests/KlondikeTestSupport"),
        .testTarget(name: "GameRulesTests", dependencies: ["GameRules", "KlondikeTestSupport"]),
        .testTarget(name: "KlondikeSolverTests", dependencies: ["KlondikeSolver", "GameRules", "KlondikeTestSupport"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "GameRules"]),
        .testTarget(name: "WebTransportTests", dependencies: ["WebTransport"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "GameRules"]),
        // Test support: a JSON Schema validator for Protocol.schema.json, shared by the tests of both programs.
        .target(name: "ProtocolSchema", dependencies: ["Wire"], path: "Tests/ProtocolSchema"),
        // Test support: the server on a scripted host (manual clock, captured output, seeded generator).
        .target(name: "ScriptedServer", dependencies: ["CardServer", "Wire", "GameRules"], path: "Tests/ScriptedServer"),
        // Test support: the one launcher of a real cardserver (posix_spawn, as a service starts it), for every end-to-end test.
        .target(name: "TestServers", path: "Tests/TestServers"),
        .testTarget(name: "CardServerTests", dependencies: ["CardServer", "Storage", "Wire", "GameRules", "KlondikeSolver", "cardserver", "cardbench", "ProtocolSchema", "ScriptedServer", "TestServers"]),
        .testTarget(
            name: "CardClientTests",
            dependencies: ["CardClient", "Wire", "GameRules", "cardclient", "cardserver", "ProtocolSchema", "ScriptedServer", "TestServers"]),
        .testTarget(name: "WebClientTests", dependencies: ["WebClient"]),
        .testTarget(name: "CardBenchTests", dependencies: ["cardbench"]),
    ],
    swiftLanguageModes: [.v6]
)
