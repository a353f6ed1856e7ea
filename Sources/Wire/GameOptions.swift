import GameRules

/// Each game's `create` options, declared once for both programs: the server's engines
/// accept exactly these (``GameOption``), and cardclient builds its new-game form and
/// checks `--option KEY=VALUE` from them before it connects.
public enum GameOptions {
    /// `seed` (set, klondike): a deal to replay, for one-seat rooms only; by default a secret seed.
    /// At most 2^53 − 1, so it is an exact number in every client's JSON.
    /// Klondike's also names one deal, so it cannot ask for a winnable one.
    public static let seed = GameOption("seed", .integers(0...(1 << 53) - 1), seats: 1...1, excludes: ["daily"])
    static let klondikeSeed = GameOption("seed", .integers(0...(1 << 53) - 1), seats: 1...1, excludes: ["daily", "winnable"])

    /// `daily` (set, klondike): the day's deal (UTC), the same for everyone that day; one-seat rooms only.
    public static let daily = GameOption("daily", .boolean, default: false, seats: 1...1, excludes: ["seed"])

    public static let set = [
        GameOption("variant", .strings(SetVariant.allCases.map(\.rawValue)), default: "classic"),
        seed, daily,
    ]

    public static let rps = [
        GameOption("rounds", .integers(1...99), default: 3),
        GameOption("round_seconds", .integers(1...3600), default: 30),
        // One seat is a match against the robot, and the robot plays only in one.
        GameOption("bot", .strings(RobotStrategy.allCases.map(\.rawValue)), seats: 1...1, requiredForSeats: 1...1),
    ]

    public static let brain = [
        GameOption("rounds", .integers(1...50), default: .int(BrainGame.defaultRounds)),
        GameOption("round_seconds", .integers(1...3600), default: 15),
    ]

    public static let concentration = [
        GameOption("pairs", .integers(ConcentrationGame.pairRange), default: .int(ConcentrationGame.defaultPairs)),
        GameOption("theme", .strings(ConcentrationTheme.all.map(\.name))),
        GameOption("turn_seconds", .integers(1...3600), default: 30),
        GameOption("time_bonus", .boolean, default: false),
    ]

    public static let klondike = [
        GameOption("draw", .integerChoices([1, 3]), default: 1),
        // How many times the waste may be turned back over; left out, no limit.
        GameOption("passes", .integerChoices([1, 3])),
        GameOption("scoring", .strings(KlondikeScoring.allCases.map(\.rawValue)), default: "none"),
        // Deal only what the solver proved winnable; left out, on in a race and off alone.
        GameOption("winnable", .boolean, excludes: ["seed"]),
        klondikeSeed,
        daily,
    ]

    /// The options of a game by its wire name; nil for a game not declared here.
    public static func of(_ game: String) -> [GameOption]? {
        switch game {
        case "set": set
        case "rps": rps
        case "rps-brain": brain
        case "concentration": concentration
        case "klondike": klondike
        default: nil
        }
    }
}
