import CardClient

extension ClientModel {
    /// Presses keys as a person would: each goes through key handling, then the model performs
    /// the actions. Returns everything the app would have to do.
    mutating func press(_ keys: [Key], now: Int = 0) -> [Effect] {
        var effects: [Effect] = []
        for key in keys {
            for action in KeyRouter.actions(for: key, in: self) {
                effects += perform(action, now: now)
            }
        }
        return effects
    }

    /// Types text, one character a key.
    mutating func type(_ text: String) -> [Effect] {
        press(text.map(Key.character))
    }
}
