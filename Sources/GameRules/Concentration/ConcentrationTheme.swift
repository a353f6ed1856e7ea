/// A set of related emoji that a game of Concentration deals its cards from.
public struct ConcentrationTheme: Sendable, Equatable {
    /// The theme's name, as players choose it: lowercase, one word.
    public let name: String
    /// The theme's emoji, all distinct; a game picks its pairs from them.
    public let emoji: [String]

    /// Creates a theme.
    /// - Parameters:
    ///   - name: the name players choose it by.
    ///   - emoji: distinct emoji, at least as many as the most pairs a game deals.
    public init(name: String, emoji: [String]) {
        self.name = name
        self.emoji = emoji
    }

    /// Creates a theme from a string of emoji separated by spaces.
    /// - Parameters:
    ///   - name: the name players choose it by.
    ///   - emoji: distinct emoji separated by spaces.
    public init(name: String, emoji: String) {
        self.init(name: name, emoji: emoji.split(separator: " ").map(String.init))
    }

    // One line a theme. Every emoji is a single code point drawn as an emoji
    // by default (no U+FE0F, no joiners, no flags), so every terminal gives it
    // two cells.
    /// Every theme, in the order they are listed to players.
    public static let all: [ConcentrationTheme] = [
        ConcentrationTheme(name: "halloween", emoji: "🎃 👻 🦇 💀 🍬 🍭 🌙 🦉 🐈 🔮 🧙 🧛 🧟 🪦 🧹 🐺 🍫 🌕 👹 👺 🤡 🐀"),
        ConcentrationTheme(name: "christmas", emoji: "🎄 🎅 🤶 🦌 ⛄ 🎁 🔔 ⭐ 🍪 🥛 🧦 🧣 🎀 🌟 🛷 🎶 👼 🧤 🥂 🍊 🌲 🎉"),
        ConcentrationTheme(name: "animals", emoji: "🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮 🐷 🐸 🐵 🐔 🐧 🐤 🦆 🦅 🐴 🦄 🐝 🐢"),
        ConcentrationTheme(name: "faces", emoji: "😀 😂 🙂 🙃 😉 😊 😇 😍 😘 😋 😜 🤪 😎 🤓 🥳 😏 😒 😢 😭 😡 🤯 😱 🤔 😴"),
        ConcentrationTheme(name: "food", emoji: "🍎 🍐 🍋 🍌 🍉 🍇 🍓 🍒 🍑 🍍 🥝 🍅 🥑 🥕 🌽 🍔 🍟 🍕 🌭 🌮 🍣 🍩 🍰 🧀"),
        ConcentrationTheme(name: "sports", emoji: "⚽ 🏀 🏈 ⚾ 🥎 🎾 🏐 🏉 🥏 🎱 🏓 🏸 🏒 🏑 🥍 🏏 ⛳ 🥊 🥋 🎿 🛹 🏹 🎣 🥌"),
        ConcentrationTheme(name: "tech", emoji: "💻 📱 ⌚ 📷 📺 📻 🎮 💾 💿 📀 🔋 🔌 💡 📡 🤖 🎧 📟 📠 📞 🔭 🔬 🧮 📼 🎥"),
        ConcentrationTheme(name: "travel", emoji: "🚗 🚕 🚌 🚎 🚙 🚓 🚑 🚒 🚐 🚚 🚜 🚲 🛵 🚂 🚆 🚇 🚊 🚁 🚀 🛸 🚢 ⛵ 🚤 🛶"),
    ]

    /// The theme with this name, ignoring case; nil when there is none.
    public static func named(_ name: String) -> ConcentrationTheme? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }
}
