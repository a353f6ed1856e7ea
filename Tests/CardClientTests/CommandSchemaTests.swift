import CardClient
import ProtocolSchema
import Testing
import Wire

/// Every command the client sends fits Protocol.schema.json, with and without an id.
struct CommandSchemaTests {
    static let commands: [ClientCommand] = [
        .login(.name("ann")), .login(.token("0123456789abcdef0123456789abcdef")), .rooms(RoomsQuery()),
        .create(CreateRequest(game: "set", seats: 1)), .create(CreateRequest(game: "rps", isPrivate: true, options: ["bot": "adaptive"])),
        .join(room: "K7QX"), .watch(room: "ABCDEFG"), .leave, .start, .chat(text: "gg"),
        .claim(cards: [4, 17, 60]), .deal, .hint, .throwSign(.rock), .answer(.paper), .flip(card: 5),
        .draw, .move(from: .tableau(2), to: .foundation(0), count: 1), .auto(from: .waste), .undo,
    ]

    @Test(arguments: commands)
    func aCommandFitsTheSchema(command: ClientCommand) {
        for id in [nil, 7] as [Int?] {
            let line = ClientRequest(id: id.map { .int($0) }, command: command).jsonText
            #expect(SchemaValidator.protocolSchema.problems(ofLine: line, against: "clientMessage") == [], "\(line)")
        }
    }

    @Test func aCommandTheSchemaRefusesIsCaught() {
        let line = #"{"type":"move","from":"t8","to":"f1","count":1}"#
        #expect(SchemaValidator.protocolSchema.problems(ofLine: line, against: "clientMessage").count == 1)
    }
}
