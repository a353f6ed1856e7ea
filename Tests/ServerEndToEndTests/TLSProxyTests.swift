import Foundation
import Glibc
import TestServers
import ServerTestSupport
import Testing

/// docs/TLS.md's nginx configuration, run: nginx ends TLS with a certificate the test makes,
/// and a `wss://` client (Python's websockets) plays an rps match through it against a TCP client,
/// its browser-like `Origin` accepted because nginx passes the `Host` on.
@Suite(.ownThread, .serialized)
struct TLSProxyTests {
    /// The wss:// client: Python's websockets (with the schema check's modules).
    static let websockets = Peer.debianPython("websockets", "jsonschema", "regex")

    /// The first block of docs/TLS.md in `language` (```nginx, ```caddyfile).
    static func documentedConfig(_ language: String = "nginx") throws -> String {
        let text = try String(contentsOf: OutsidePeersTests.root.appendingPathComponent("docs/TLS.md"), encoding: .utf8)
        guard let start = text.range(of: "```\(language)\n"), let end = text.range(of: "```", range: start.upperBound ..< text.endIndex) else {
            throw TestFailure("docs/TLS.md has no \(language) block")
        }
        return String(text[start.upperBound ..< end.lowerBound])
    }

    /// A fresh folder with a self-signed certificate for `localhost` made by openssl.
    static func workWithCertificate() throws -> (work: URL, cert: String, key: String) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let cert = work.appendingPathComponent("cert.pem").path
        let key = work.appendingPathComponent("key.pem").path
        let made = try OutsidePeersTests.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", cert,
        ])
        #expect(made.status == 0, "\(made.output)")
        return (work, cert, key)
    }

    /// Waits (up to 10 s) for the proxy to accept connections on `port`.
    static func waitForProxy(_ proxy: Process, port: UInt16, log: String) throws {
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        while (try? TestClient(port: port, timeout: 1)) == nil {
            guard Date() < deadline, proxy.isRunning else {
                throw TestFailure("\(proxy.executableURL?.lastPathComponent ?? "the proxy") did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            usleep(20_000)
        }
    }

    /// Python's websockets plays an rps match over `wss://` through the proxy on `proxyPort`, a
    /// browser's `Origin` sent; the server sees it arrive as a WebSocket from that origin.
    static func playThrough(proxyPort: UInt16, cert: String, server: ServerProcess) throws {
        let script = OutsidePeersTests.root.appendingPathComponent("Scripts/websocket-peer.py").path
        let run = try OutsidePeersTests.run("/usr/bin/python3", [
            script, "--port", String(server.port), "--url", "wss://localhost:\(proxyPort)/ws", "--cafile", cert,
            "--origin", "https://localhost:\(proxyPort)",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("websocket-peer: ann (TCP, then wss) beat bob (TCP) 2-0 in room "))
        #expect(server.log.contains(" is a WebSocket from https://localhost:\(proxyPort)\n"))
    }

    /// A loopback port nobody listens on now.
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("no free port: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    @Test(.needs(.nginx, .openssl, Self.websockets)) func aWSSClientPlaysThroughTheDocumentedNginxConfiguration() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (work, cert, key) = try Self.workWithCertificate()
        defer { try? FileManager.default.removeItem(at: work) }

        let proxyPort = try Self.freePort()
        let site = try Self.documentedConfig()
            .replacingOccurrences(of: "listen 443 ssl;", with: "listen 127.0.0.1:\(proxyPort) ssl;")
            .replacingOccurrences(of: "/etc/letsencrypt/live/cards.example/fullchain.pem", with: cert)
            .replacingOccurrences(of: "/etc/letsencrypt/live/cards.example/privkey.pem", with: key)
            .replacingOccurrences(of: "127.0.0.1:7878", with: "127.0.0.1:\(server.port)")
        #expect(site.contains("listen 127.0.0.1:\(proxyPort) ssl;"))
        let main = """
            daemon off;
            master_process off;
            pid \(work.path)/nginx.pid;
            error_log \(work.path)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(work.path);
                proxy_temp_path \(work.path);
                \(site)
            }
            """
        let config = work.appendingPathComponent("nginx.conf")
        try main.write(to: config, atomically: true, encoding: .utf8)
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-c", config.path, "-p", work.path]
        try nginx.run()
        defer {
            // SIGKILL: Foundation's Process passes on the test runner's signal mask, in which
            // SIGTERM may be blocked, so nginx could never hear a terminate().
            kill(nginx.processIdentifier, SIGKILL)
            nginx.waitUntilExit()
        }
        try Self.waitForProxy(nginx, port: proxyPort, log: work.path + "/error.log")
        try Self.playThrough(proxyPort: proxyPort, cert: cert, server: server)
    }

    @Test(.needs(.caddy, .openssl, Self.websockets)) func aWSSClientPlaysThroughTheDocumentedCaddyConfiguration() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (work, cert, key) = try Self.workWithCertificate()
        defer { try? FileManager.default.removeItem(at: work) }
        // A free port may be taken by another test's server between the check and Caddy's bind
        // (the suite runs in parallel): Caddy then exits saying so, and is started again on
        // other ports, at most three times.
        for attempt in 1...3 {
            let proxyPort = try Self.freePort()
            let httpPort = try Self.freePort()
            // The site as documented, on a loopback port with the test's certificate instead of one
            // from Let's Encrypt; Caddy's own settings keep it to the test's folder and ports.
            let site = try Self.documentedConfig("caddyfile")
                .replacingOccurrences(of: "cards.example {", with: "https://localhost:\(proxyPort) {\n    tls \(cert) \(key)")
                .replacingOccurrences(of: "127.0.0.1:7878", with: "127.0.0.1:\(server.port)")
            #expect(site.contains("reverse_proxy 127.0.0.1:\(server.port)"))
            let caddyfile = """
                {
                    admin off
                    http_port \(httpPort)
                    auto_https disable_redirects
                    storage file_system \(work.path)/storage
                }
                \(site)
                """
            let config = work.appendingPathComponent("Caddyfile")
            try caddyfile.write(to: config, atomically: true, encoding: .utf8)
            let caddy = Process()
            caddy.executableURL = URL(fileURLWithPath: "/usr/bin/caddy")
            caddy.arguments = ["run", "--config", config.path, "--adapter", "caddyfile"]
            caddy.environment = ["HOME": work.path, "XDG_DATA_HOME": work.path, "XDG_CONFIG_HOME": work.path]
            let log = work.appendingPathComponent("caddy-\(attempt).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let logHandle = try FileHandle(forWritingTo: log)
            caddy.standardOutput = logHandle
            caddy.standardError = logHandle
            try caddy.run()
            defer {
                kill(caddy.processIdentifier, SIGKILL)
                caddy.waitUntilExit()
                try? logHandle.close()
            }
            do {
                try Self.waitForProxy(caddy, port: proxyPort, log: log.path)
            } catch {
                let text = (try? String(contentsOfFile: log.path, encoding: .utf8)) ?? ""
                if attempt < 3, text.contains("address already in use") { continue }
                throw error
            }
            try Self.playThrough(proxyPort: proxyPort, cert: cert, server: server)
            return
        }
    }
}
