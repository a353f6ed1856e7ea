import CardClient
import Foundation
import Glibc
import Testing
import Wire

/// A room's chat survives the client: the last 100 lines of each room kept per server in a
/// file only its owner reads, and a room entered again starts with them.
struct ChatKeepingTests {
    @Test func eachRoomKeepsItsLastHundredLinesInAFileOnlyItsOwnerReads() throws {
        let root = SessionKeepingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = ChatStore(directory: root + "/cardclient")
        #expect(store.load(server: "127.0.0.1:7878").isEmpty)
        let lines: [ChatLine] = (1...150).map { $0.isMultiple(of: 2) ? .said(from: "bob", text: "line \($0)") : .event("event \($0)") }
        try store.save(lines, server: "127.0.0.1:7878", room: "K7QX")
        try store.save([.said(from: "ann", text: "hi")], server: "[::1]:9000", room: "K7QX")
        let kept = store.load(server: "127.0.0.1:7878")
        #expect(kept["K7QX"] == Array(lines.suffix(100)))
        #expect(store.load(server: "[::1]:9000")["K7QX"] == [.said(from: "ann", text: "hi")])

        var info = stat()
        #expect(stat(root + "/cardclient/chat.json", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        // Twenty rooms a server at most: the one written longest ago goes first.
        for number in 0..<ChatStore.roomsPerServer {
            try store.save([.event("room \(number)")], server: "127.0.0.1:7878", room: "R\(number)")
        }
        let rooms = store.load(server: "127.0.0.1:7878")
        #expect(rooms.count == ChatStore.roomsPerServer)
        #expect(rooms["K7QX"] == nil)
        #expect(rooms["R0"] == [.event("room 0")])
    }

    /// A restarted client resumes into its room with the lines it kept before the restart,
    /// and another room's lines stay for when it enters that one.
    @Test func aRoomEnteredAgainStartsWithItsKeptChat() {
        let kept: [ChatLine] = [.said(from: "bob", text: "good luck"), .event("bob is away")]
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.restoredChats = ["K7QX": kept, "OTHR": [.event("elsewhere")]]
        for line in [
            Fixtures.hello,
            #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":true,"room":"K7QX","id":1}"#,
            Fixtures.setState(cards: 12),
        ] {
            model.receive(line, now: 0)
        }
        #expect(model.room?.code == "K7QX")
        #expect(Array(model.room?.chat.prefix(2) ?? []) == kept)
        #expect(model.restoredChats == ["OTHR": [.event("elsewhere")]])
    }
}
