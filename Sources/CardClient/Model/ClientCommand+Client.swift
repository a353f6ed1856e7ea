import GameRules
import Wire

/// The client's commands are Wire's `ClientCommand`, the one model of the protocol the
/// server decodes; these spell the ones the client builds often.
extension ClientCommand {
    /// A `login` by name or password, or a `register`: what a refused name answers.
    var isSignIn: Bool {
        switch self {
        case .login(.name), .login(.password), .register: true
        default: false
        }
    }

    /// A `register`.
    var isRegister: Bool {
        if case .register = self { return true }
        return false
    }
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
