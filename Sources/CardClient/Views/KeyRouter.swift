import Wire
/// Key handling: a pure function from a key and the model to actions.
///
/// In order: Ctrl-C quits; an open input line takes the key (online or not, so a
/// dropped connection never turns typed text into commands); a lost connection
/// offers reconnect and quit; the key list closes on any key; then the screen's own keys.
public enum KeyRouter {
    /// What `key` does now.
    public static func actions(for key: Key, in model: ClientModel) -> [ClientAction] {
        if key == .interrupt {
            // Ctrl-C twice quits whatever the game: the way out always works.
            guard model.isInGame, model.question != .quitGame else { return [.quit] }
            return [.ask(.quitGame)]
        }
        if model.question != nil {
            switch key {
            case .character("y"), .character("Y"): return [.answer(true)]
            case .character("n"), .character("N"), .escape: return [.answer(false)]
            default: return [.explain("y or n")]
            }
        }
        if let prompt = model.prompt { return promptActions(key, prompt) }
        if model.isOffline {
            switch key {
            case .character("r"), .character("R"): return [.reconnect]
            case .character("q"), .character("Q"), .escape: return [.quit]
            default: return []
            }
        }
        if model.form != nil, model.screen == .lobby { return formActions(key) }
        if model.viewer != nil { return ReplayView.actions(for: key) }
        // The records screen closes on Esc or q, and on its own key again; Enter replays a recent game.
        if model.records != nil {
            switch key {
            case .escape, .character("q"), .character("i"), .character("I"): return [.records(false)]
            case .up, .character("k"): return [.replay(.choose(-1))]
            case .down, .character("j"): return [.replay(.choose(1))]
            case .enter: return [.replay(.open)]
            default: return []
            }
        }
        if model.accountPage != nil, model.screen == .lobby { return AccountView.actions(for: key) }
        if model.quickPlay != nil, model.screen == .lobby, !model.showsKeys { return QuickPlayView.actions(for: key, in: model) }
        if model.showsKeys { return [.toggleKeys] }
        let actions: [ClientAction] = switch model.screen {
        case .room: model.room.map { RoomChrome.actions(for: key, in: model, room: $0) } ?? []
        case .lobby: LobbyView.actions(for: key, in: model)
        case .connecting, .naming: key == .character("?") ? [.toggleKeys] : WelcomeView.actions(for: key)
        }
        // A key that does nothing says so, rather than leave the player guessing.
        guard actions.isEmpty else { return actions }
        switch key {
        case .character(let character): return [.explain("\(character): nothing to do here now · ? lists the keys")]
        case .enter: return [.explain("Enter: nothing to do here now · ? lists the keys")]
        default: return []
        }
    }

    private static func promptActions(_ key: Key, _ prompt: Prompt) -> [ClientAction] {
        switch key {
        case .character(let character): return [.editLine(.insert(character))]
        case .backspace: return [.editLine(.backspace)]
        case .delete, .control("d"): return [.editLine(.deleteForward)]
        case .control("w"): return [.editLine(.deleteWord)]
        case .control("u"): return [.editLine(.clear)]
        case .left, .control("b"): return [.editLine(.left)]
        case .right, .control("f"): return [.editLine(.right)]
        case .home, .control("a"): return [.editLine(.home)]
        case .end, .control("e"): return [.editLine(.end)]
        case .enter: return [.submitPrompt]
        case .escape: return prompt.kind.escapeQuits ? [.quit] : [.closePrompt]
        default: return []
        }
    }

    /// The new-game form's keys: fields, values, digits, create, cancel.
    private static func formActions(_ key: Key) -> [ClientAction] {
        switch key {
        case .up, .character("k"): [.form(.move(-1))]
        case .down, .tab, .character("j"): [.form(.move(1))]
        case .left, .character("h"): [.form(.change(-1))]
        case .right, .character(" "), .character("l"): [.form(.change(1))]
        case .character(let character) where character.isASCII && character.isNumber: [.form(.type(character))]
        case .backspace, .delete: [.form(.erase)]
        case .enter: [.form(.submit)]
        case .character("c"): [.form(.challenge)]
        case .character("o"): [.form(.seek)]
        case .escape, .character("q"): [.form(.close)]
        default: [.explain("↑↓ a field · ←→ its value · Enter creates · c challenges · o seeks · Esc cancels")]
        }
    }
}
