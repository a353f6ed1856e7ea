import CardClient
import CardServer
import ScriptedServer
import Testing
import Wire

/// cardclient's model talking to the real server logic on a scripted host: every line the
/// model reads is one `GameServer` wrote, through Wire's encoder, and every line it sends
/// goes through the server's decoder. No sockets, no sleeps; the host's clock is advanced by hand.
struct ScriptedSession {
    let host: ScriptedHost
    let connection: ClientID
    var model: ClientModel
    /// Every line the server sent this client, in order.
    private(set) var received: [String] = []

    /// Connects a client called `name` that goes to `destination` once logged in, and runs the exchange until it is quiet.
    init(host: ScriptedHost, name: String, destination: Destination = .lobby, peer: String = "127.0.0.1:40000") {
        self.host = host
        connection = host.connect(peer: peer)
        model = ClientModel(serverAddress: "scripted", name: name, destination: destination)
        exchange()
    }

    /// Reads what the server sent, sends the model's answers, and repeats until neither side has more.
    mutating func exchange() {
        while true {
            let lines = host.takeLines(connection)
            guard !lines.isEmpty else { return }
            for line in lines {
                received.append(line)
                send(model.apply(serverLine: Array(line.utf8), now: 0))
            }
        }
    }

    /// Plays a one-round rps or rps-brain game with `r` until it is over (a drawn round is
    /// played again), then opens the records screen (`i`). The results journal's writes are
    /// confirmed after each key, as the server's loop would hear of them.
    mutating func finishOneRoundAndOpenRecords() {
        for _ in 0..<10 where model.room?.phase != .over {
            press("r")
            host.confirmJournalWrites()
            exchange()
        }
        press("i")
        host.confirmJournalWrites()
        exchange()
    }

    /// Presses keys as the player would, sends what they send, and reads the answers.
    mutating func press(_ text: String) {
        send(model.type(text))
        exchange()
    }

    /// Presses named keys (arrows, Enter, …) as the player would.
    mutating func pressKeys(_ keys: [Key]) {
        send(model.press(keys))
        exchange()
    }

    /// Lets virtual time pass on the server (timers fire), then reads what it sent.
    mutating func advance(by duration: Duration) {
        host.advance(by: duration)
        exchange()
    }

    private func send(_ effects: [Effect]) {
        for case .transmit(let line) in effects {
            host.send(line, from: connection)
        }
    }

    /// The room's game fields, for a test to read.
    var gameFields: GameFields? { model.room?.state?.gameFields }

    /// The messages received of one `type`, decoded.
    func received(_ type: String) -> [ServerMessage] {
        received.compactMap { try? ServerMessageDecoder.decode(Array($0.utf8)) }.filter { $0.jsonText.hasPrefix(#"{"type":"\#(type)""#) }
    }
}
