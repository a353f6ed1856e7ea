import Foundation
import Glibc

extension Attacks {
    /// Connections of the HTTP flood, from one address: under its cap of 64.
    static let httpFloodConnections = 60
    /// Requests each connection pipelines in one write.
    static let httpFloodPipeline = 100

    /// Issue 39's item 2: 60 connections from one address, each pipelining 100 `HEAD /metrics`
    /// in one write every 100 ms, for as long as the attack runs; a connection the server closes
    /// (after 100 requests, or at once) is opened again. Counts the replies the flood got (each
    /// `HTTP/1.1 200` seen) and the connections it opened. The server used to
    /// render `/metrics` for each and answer 32,200 a second at 96% CPU; it now renders it once
    /// a second and paces an address's requests at 200 a second after a burst of 400.
    static func httpFlood(_ context: AttackContext) {
        let request = "HEAD /metrics HTTP/1.1\r\nHost: \(context.host):\(context.port)\r\n\r\n"
        let batch = Array(String(repeating: request, count: httpFloodPipeline).utf8)
        var flooders: [LineConnection] = []
        for _ in 0 ..< httpFloodConnections {
            guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.source) else {
                context.tally.add("connect failed")
                continue
            }
            flooders.append(connection)
        }
        let marker = Array("HTTP/1.1 200".utf8)
        var replies = 0
        var opened = flooders.count
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var lastWrite = [UInt64](repeating: 0, count: flooders.count)
        while !context.stop.value, !flooders.isEmpty {
            let now = DispatchTime.now().uptimeNanoseconds
            for index in flooders.indices {
                var closed = false
                // A new batch every 100 ms, whatever came back: the server decides what it answers.
                if now - lastWrite[index] > 100_000_000 {
                    lastWrite[index] = now
                    if !flooders[index].send(batch) { closed = true }
                }
                while !closed {
                    let count = chunk.withUnsafeMutableBytes { recv(flooders[index].fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if count > 0 {
                        replies += occurrences(of: marker, in: chunk[..<count])
                        continue
                    }
                    if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { closed = true }
                    break
                }
                guard closed else { continue }
                flooders[index].close()
                if let again = try? LineConnection(host: context.host, port: context.port, source: context.source) {
                    flooders[index] = again
                    lastWrite[index] = 0
                    opened += 1
                } else {
                    context.tally.add("connect failed")
                }
            }
            usleep(2_000)
        }
        context.tally.add("replies", replies)
        context.tally.add("connections opened", opened)
        for flooder in flooders { flooder.close() }
    }

    /// How many times `pattern` occurs in `bytes` (a reply split across two reads is missed).
    private static func occurrences(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int {
        guard bytes.count >= pattern.count else { return 0 }
        var found = 0
        var index = bytes.startIndex
        while index <= bytes.endIndex - pattern.count {
            if bytes[index] == pattern[0], bytes[index ..< index + pattern.count].elementsEqual(pattern) {
                found += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }
}
