import Foundation
import Glibc

extension Attacks {
    /// Connections the login flood uses, each from an address of its own.
    static let loginFloodConnections = 64

    /// Issue 40's guessing flood: an account "victim" is registered, then 64 connections from
    /// 64 addresses send `login` with a wrong password, each the moment its last one was
    /// answered, half of them at the victim and half at names nobody registered (which cost
    /// the same work). Every password is hashed on the server's password worker, at most 8
    /// waiting: the rest get `server_busy`, the victim's sixth wrong guess a minute and each
    /// address's thirty-first `rate_limited`. What each login got is counted, and the logins a
    /// second. The innocent's ping is what it must not touch.
    static func loginFlood(_ context: AttackContext) {
        if let owner = try? LineConnection(host: context.host, port: context.port, source: context.address(254)) {
            owner.send(#"{"type":"register","name":"victim","password":"correct horse battery staple"}"#)
            while let line = owner.readLine() {
                if line.contains(#""hello""#) { continue }
                context.tally.add("register: " + LineConnection.kind(of: line))
                break
            }
            owner.close()
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let sent = Locked(0)
        let done = (1...loginFloodConnections).map { number in
            let finished = DispatchSemaphore(value: 0)
            Thread {
                defer { finished.signal() }
                guard let guesser = try? LineConnection(host: context.host, port: context.port, source: context.address(number)) else {
                    context.tally.add("connect failed")
                    return
                }
                var guess = 0
                while !context.stop.value {
                    guess += 1
                    let name = number % 2 == 0 ? "victim" : "nobody\(number)x\(guess)"
                    guard guesser.send(#"{"type":"login","name":"\#(name)","password":"guess number \#(guess)"}"#) else { break }
                    sent.update { $0 += 1 }
                    var answer: String?
                    while let line = guesser.readLine() {
                        if line.contains(#""hello""#) { continue }
                        answer = line
                        break
                    }
                    guard let answer else { break }
                    let kind = LineConnection.kind(of: answer)
                    context.tally.add(kind)
                    // A refusal that names a wait is taken at its word, as a client would not.
                    if kind == "welcome" { break }
                }
                context.tally.noteClosed(guesser)
            }.start()
            return finished
        }
        for finished in done { finished.wait() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        context.tally.add("logins a second", Int(Double(sent.value) / max(seconds, 0.001)))
    }
}
