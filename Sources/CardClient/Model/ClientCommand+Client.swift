import GameRules
import Wire

/// The client's commands are Wire's `ClientCommand`, the one model of the protocol the
/// server decodes; these spell the ones the client builds often.
extension ClientCommand {
    /// Log in as a new player.
    static func login(name: String) -> ClientCommand { .login(.name(name)) }
    /// Take over a session after a reconnect.
    static func resume(token: String) -> ClientCommand { .login(.token(token)) }
    /// The first page of the public rooms.
    static var firstRoomsPage: ClientCommand { .rooms(RoomsQuery()) }
    /// Create a room and sit in it; `options` are the game's, left out when empty.
    static func create(game: String, seats: Int?, isPrivate: Bool, options: JSONObject = [:]) -> ClientCommand {
        .create(CreateRequest(game: game, seats: seats, isPrivate: isPrivate, options: options))
    }
}
