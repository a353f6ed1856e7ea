import CardClient
import ProtocolSchema
import Testing
import Wire

/// Every command the client sends fits Protocol.schema.json, with and without an id.
struct CommandSchemaTests {
    static let commands: [CardClient.ClientCommand] = [
        .login(name: "ann"), .resume(token: "0123456789abcdef0123456789abcdef"), .rooms,
        .create(game: "set", seats: 1, isPrivate: false), .create(game: "rps", seats: nil, isPrivate: true, options: ["bot": "adaptive"]),
        .join(room: "K7QX"), .watch(room: "ABCDEFG"), .leave, .start, .chat(text: "gg"),
        .claim(cards: [4, 17, 60]), .deal, .hint, .throwSign(.rock), .answer(.paper), .flip(card: 5),
        .draw, .move(from: "t3", to: "f1", count: 1), .auto(from: "waste"), .undo,
    ]

    @Test(arguments: commands)
    func aCommandFitsTheSchema(command: CardClient.ClientCommand) {
        for id in [nil, 7] as [Int?] {
            let line = JSONValue.object(command.json(id: id)).jsonText
            #expect(SchemaValidator.protocolSchema.problems(ofLine: line, against: "clientMessage") == [], "\(line)")
        }
    }

    @Test func aCommandTheSchemaRefusesIsCaught() {
        let line = JSONValue.object(CardClient.ClientCommand.move(from: "t8", to: "f1", count: 1).json(id: nil)).jsonText
        #expect(SchemaValidator.protocolSchema.problems(ofLine: line, against: "clientMessage").count == 1)
    }
}
