import GameRules
import Wire

/// Every event of the game in words, for the room's log: nothing another player does goes
/// untold. Pure functions from protocol values to sentences.
public enum Narration {
    /// "ann found a Set: 1 red solid triangle, 2 green striped circles, 3 purple open squares (+3)";
    /// a wrong claim says which attribute broke the rule. Four cards are an UltraSet claim.
    public static func claim(by player: String, cards: [SetCard], valid: Bool, points: Int, me: String?) -> String {
        let who = player == me ? "you" : player
        let score = points < 0 ? "−\(-points)" : "+\(points)"
        let described = cards.map(describe).joined(separator: ", ")
        let kind = claimKind(cards.count)
        guard !valid else { return "\(who) found \(kind): \(described) (\(score))" }
        let reason = cards.count == 3 ? brokenRule(cards) : nil
        return "\(who): not \(kind)\(reason.map { ", \($0)" } ?? "") (\(score))"
    }

    /// A duration as a clock shows it, whole seconds: "3:05", "0:40", "72:00".
    public static func clock(milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    /// "a Set", or "an UltraSet" for a claim of four cards.
    public static func claimKind(_ cardCount: Int) -> String {
        cardCount == 4 ? "an UltraSet" : "a Set"
    }

    /// "2 green striped circles".
    public static func describe(_ card: SetCard) -> String {
        let shape = card.shape.rawValue + (card.count > 1 ? "s" : "")
        return "\(card.count) \(card.color.rawValue) \(card.fill.rawValue) \(shape)"
    }

    /// The first attribute that is neither all the same nor all different: "two red and one green".
    public static func brokenRule(_ cards: [SetCard]) -> String? {
        // Each value as a phrase after "two" and after "one": "two circles and one triangle",
        // "two 3s and one 1", "two red and one green", "two striped and one open".
        let attributes: [(name: String, values: [String], plural: (String) -> String)] = [
            ("counts", cards.map { "\($0.count)" }, { $0 + "s" }),
            ("shapes", cards.map(\.shape.rawValue), { $0 + "s" }),
            ("colours", cards.map(\.color.rawValue), { $0 }),
            ("fills", cards.map(\.fill.rawValue), { $0 }),
        ]
        for attribute in attributes where Set(attribute.values).count == 2 {
            let twice = attribute.values.first { value in attribute.values.filter { $0 == value }.count == 2 } ?? ""
            let once = attribute.values.first { $0 != twice } ?? ""
            return "the \(attribute.name) are two \(attribute.plural(twice)) and one \(once)"
        }
        return nil
    }

    /// "round 2: ann ✊ rock vs bob ✌️ scissors → ann wins"; who ran out of time is named.
    public static func round(_ reveal: RoundReveal, players: [String], me: String?) -> String {
        let hands = players.map { name in
            let who = name == me ? "you" : name
            return reveal.sign(of: name).map { "\(who) \($0.glyph) \($0.rawValue)" } ?? "\(who) (no throw in time)"
        }
        let outcome = switch reveal.winner {
        case nil: reveal.throwsByName.isEmpty ? "nobody threw: the round is played again" : "a draw: the round is played again"
        case me?: "you win the round"
        case let winner?: "\(winner) wins the round"
        }
        return "round \(reveal.round): " + hands.joined(separator: " vs ") + " → " + outcome
    }

    /// "bob: 🐶 and 🐱, no match (−1)", "bob found a pair 🐶 (+2)"; a first card is "bob turned 🐶".
    public static func flip(
        by player: String, face: String, result: String, points: Int, firstFace: String?, me: String?, bonus: Int? = nil
    ) -> String {
        let who = player == me ? "you" : player
        let score = points < 0 ? " (−\(-points))" : points > 0 ? " (+\(points))" : ""
        switch result {
        case "match":
            let fast = bonus.map { $0 > 0 ? ", \($0) of them for speed" : ", no time bonus" } ?? ""
            return "\(who) found a pair \(face)\(face)\(score.dropLast())\(score.isEmpty ? "" : fast + ")")"
        case "mismatch": return "\(who): \(firstFace.map { "\($0) and " } ?? "")\(face), no match\(score)"
        default: return "\(who) turned \(face)"
        }
    }
}

extension Narration {
    /// A challenge that came, as the question asks it: "ann (1662?) challenges you to
    /// rock-paper-scissors, rated. Accept?"
    static func challenge(_ offer: ChallengeOffer) -> String {
        let rating = offer.rating.map { " (\(RatingText.rating($0.rating, provisional: $0.provisional)))" } ?? ""
        let bot = offer.bot ? " (bot)" : ""
        let title = GameCatalog.game(named: offer.game)?.title ?? offer.game
        return "\(offer.from)\(rating)\(bot) challenges you to \(title), \(offer.rated ? "rated" : "casual"). Accept?"
    }

    /// Why a challenge was declined, in words.
    static func declined(_ reason: DeclineReason) -> String {
        switch reason {
        case .later: "not now"
        case .tooFast: "too fast for them"
        case .casual: "they would play it casual"
        case .rated: "they would play it rated"
        case .noBots: "they do not play bots"
        case .generic: "no reason given"
        }
    }

    /// Why a challenge ended without a game, in words.
    static func challengeEnded(_ reason: ChallengeEnd) -> String {
        switch reason {
        case .canceled: "the challenge was taken back"
        case .expired: "the challenge expired: nobody answered within a minute"
        case .gone: "the challenge ended: a player left"
        case .busy: "the challenge ended: its challenger sat down elsewhere"
        case .answered: "the challenge was answered elsewhere"
        }
    }
}
