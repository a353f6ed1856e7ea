import Foundation
import Glibc

/// The attacks of issue 11, each run until its context says stop. Every one counts
/// what it got in the context's tally.
enum Attacks {
    /// 64 KiB of `{}` lines, then 4,096 pipelined pings, unread for a second; then it reads.
    static func flood(_ context: AttackContext) {
        guard let flooder = context.player("flooder") else { return }
        flooder.send(Array(String(repeating: "{}\n", count: 21_845).utf8))
        flooder.send(Array(String(repeating: #"{"type":"ping"}"# + "\n", count: 4_096).utf8))
        usleep(1_000_000)
        readAll(flooder, context)
    }

    /// 200 rooms of 8 seats from 200 connections on 10 addresses (20 from each: the
    /// default cap a minute), creators with the longest names allowed; then 100
    /// pipelined `rooms` from each of 5 connections, every reply read.
    static func rooms(_ context: AttackContext) {
        var makers: [LineConnection] = []
        for number in 0..<200 {
            guard let maker = context.player(String(repeating: "Ж", count: 17) + "\(number)", from: number / 20 + 1) else { continue }
            maker.send(#"{"type":"create","game":"set","seats":8}"#)
            if let reply = maker.readLine() { context.tally.add(line: reply) }
            makers.append(maker)
        }
        let askers = makers.prefix(5)
        var largest = 0
        for asker in askers {
            asker.send(Array(String(repeating: #"{"type":"rooms"}"# + "\n", count: 100).utf8))
        }
        for asker in askers {
            var replies = 0
            while replies < 100, let line = asker.readLine() {
                guard line.hasPrefix(#"{"type":"rooms""#) else { continue }
                largest = max(largest, line.utf8.count + 1)
                replies += 1
            }
            context.tally.add("rooms replies", replies)
        }
        context.tally.add("largest rooms reply, bytes", largest)
        for maker in makers { context.tally.noteClosed(maker) }
    }

    /// A 6,001-byte one-character name; look-alikes of `ann` watching her room; chat
    /// with control and direction characters, and a 7 KB "300-character" line.
    static func names(_ context: AttackContext) {
        if let huge = try? LineConnection(host: context.host, port: context.port, source: context.source) {
            _ = huge.readLine()
            huge.send(#"{"type":"login","name":"a\#(String(repeating: "\u{301}", count: 3_000))"}"#)
            if let reply = huge.readLine() { context.tally.add(line: reply) }
        }
        for name in ["\u{430}nn", "\u{FF41}\u{FF4E}\u{FF4E}", "ANN", "ann\u{200B}"] {
            guard let impostor = context.player(name) else { continue }
            impostor.send(#"{"type":"watch","room":"\#(context.innocentRoom)"}"#)
            if let reply = impostor.readLine() { context.tally.add(line: reply) }
        }
        guard let talker = context.player("talker") else { return }
        talker.send(#"{"type":"create","game":"rps","private":true}"#)
        _ = talker.readUntil(#""state""#)
        let zalgo = String(repeating: "a" + String(repeating: "\u{301}", count: 12), count: 300)
        for text in [#"\u001b[2J\u0007\u0000\u202Egotcha"#, zalgo] {
            talker.send(#"{"type":"chat","text":"\#(text)"}"#)
            if let reply = talker.readLine() { context.tally.add(line: reply) }
        }
        context.tally.noteClosed(talker)
    }

    /// Short connections that log in, create a room and drop, for a second; then one
    /// address holding as many connections as it can, up to 2,000; then short ones again.
    static func churn(_ context: AttackContext) {
        let started = DispatchTime.now().uptimeNanoseconds
        var held: [LineConnection] = []
        var holding = false
        var number = 0
        while !context.stop.value {
            if !holding, DispatchTime.now().uptimeNanoseconds - started > 1_000_000_000 {
                holding = true
                for _ in 0..<2_000 {
                    guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.source),
                          let greeting = connection.readLine()
                    else { context.tally.add("connect failed"); break }
                    guard greeting.contains(#""hello""#) else {
                        context.tally.add(line: greeting)
                        break
                    }
                    context.tally.add("held")
                    held.append(connection)
                }
            }
            number += 1
            guard let short = try? LineConnection(host: context.host, port: context.port, source: context.source),
                  let greeting = short.readLine()
            else { context.tally.add("connect failed"); continue }
            guard greeting.contains(#""hello""#) else {
                context.tally.add(line: greeting)
                continue
            }
            short.send(#"{"type":"login","name":"churn\#(number)"}"#)
            _ = short.readLine()
            short.send(#"{"type":"create","game":"rps"}"#)
            if let reply = short.readLine() { context.tally.add(line: reply) }
            short.close()
        }
        for connection in held { connection.close() }
    }

    /// A spectator of the innocent's room that never reads, with a small receive buffer.
    static func slowReader(_ context: AttackContext) {
        guard let watcher = context.player("watcher", receiveBuffer: 4_096) else { return }
        watcher.send(#"{"type":"watch","room":"\#(context.innocentRoom)"}"#)
        while !context.stop.value { usleep(50_000) }
        // Now read: what is left, then EOF if the server cut it off.
        while watcher.readLine() != nil {}
        context.tally.add(watcher.closedByServer ? "cut off" : "still connected")
        context.tally.noteClosed(watcher)
    }

    /// 20 connections trying private room codes as fast as they can.
    static func guess(_ context: AttackContext) {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        let guessers = (0..<20).compactMap { context.player("guesser\($0)") }
        var generator = SystemRandomNumberGenerator()
        while !context.stop.value, !guessers.isEmpty {
            for guesser in guessers {
                let code = String((0..<7).map { _ in alphabet.randomElement(using: &generator)! })
                guesser.send(#"{"type":"join","room":"\#(code)"}"#)
                guard let reply = guesser.readLine() else { continue }
                context.tally.add(line: reply)
            }
        }
        for guesser in guessers { context.tally.noteClosed(guesser) }
    }

    /// Alternating draws and undos in a Klondike room of one's own, 10,000 of them pipelined.
    static func klondikeHistory(_ context: AttackContext) {
        guard let player = context.player("undoer") else { return }
        player.send(#"{"type":"create","game":"klondike"}"#)
        _ = player.readUntil(#""state""#)
        var sent = 0
        while sent < 10_000, !context.stop.value {
            let chunk = String(repeating: #"{"type":"draw"}"# + "\n" + #"{"type":"undo"}"# + "\n", count: 250)
            player.send(Array((chunk + #"{"type":"ping"}"# + "\n").utf8))
            sent += 500
            guard let before = player.readUntil(#""pong""#) else { break }
            for line in before where !line.contains(#""type":"state""#) {
                context.tally.add(line: line)
            }
        }
        context.tally.noteClosed(player)
    }

    /// Reads and counts replies until the attack ends or the connection closes.
    private static func readAll(_ connection: LineConnection, _ context: AttackContext) {
        while !context.stop.value, let line = connection.readLine() {
            context.tally.add(line: line)
        }
        context.tally.noteClosed(connection)
    }
}
