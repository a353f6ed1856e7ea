import Foundation
import Ratings
import TestServers
import Testing

/// The Swift ratings checked case by case against `glicko2_reference.py`, an independent
/// Glicko-2 written in Python from Glickman's paper ("Example of the Glicko-2 system"), not from
/// this module. Each case is one player: their deviation grown by their idle days
/// (`deviationAfterIdle`), then one rating period of games (`updatedRating`). Both sides must
/// agree within 1e-6 in rating and deviation and 1e-9 in volatility.
///
/// The script needs `python3` on `PATH`: without it the suite is skipped, naming it, and with
/// `CARDSERVER_REQUIRE_PEERS=1` (as `Scripts/test.sh` and CI run) it fails instead. The check is
/// local so that this target depends on nothing but `Ratings`.
@Suite(.enabled(if: ReferencePython.isPresent || ReferencePython.required, "needs python3 on PATH (apt-get install -y python3)"))
struct ReferenceImplementationTests {
    @Test func swiftMatchesThePythonReferenceOnEveryCase() throws {
        try ReferencePython.requirePresent()
        let input = try JSONEncoder().encode(referenceCases)
        let run = try ReferencePython.run([ReferencePython.script], input: input)
        try #require(run.status == 0, "glicko2_reference.py exited \(run.status): \(run.errors)")
        let expected = try JSONDecoder().decode([ReferenceResult].self, from: run.output)
        try #require(expected.count == referenceCases.count)
        for (item, reference) in zip(referenceCases, expected) {
            let rated = item.ratedBySwift()
            #expect(abs(rated.rating - reference.rating) <= 1e-6, "\(item.name): rating \(rated.rating), Python \(reference.rating)")
            #expect(abs(rated.deviation - reference.deviation) <= 1e-6, "\(item.name): deviation \(rated.deviation), Python \(reference.deviation)")
            #expect(abs(rated.volatility - reference.volatility) <= 1e-9, "\(item.name): volatility \(rated.volatility), Python \(reference.volatility)")
        }
    }

    @Test func thePythonReferenceReproducesGlickmansExample() throws {
        try ReferencePython.requirePresent()
        let run = try ReferencePython.run([ReferencePython.script, "--self-test"])
        #expect(run.status == 0, "glicko2_reference.py --self-test: \(String(decoding: run.output, as: UTF8.self))\(run.errors)")
    }
}

/// The table holds every kind of case the suite promises.
@Test func theTableCoversWhatItClaims() {
    #expect(referenceCases.count >= 12)
    let scores = Set(referenceCases.flatMap { $0.results.map { $0[2] } })
    #expect(scores == [0, 0.5, 1])
    #expect(Set(referenceCases.map(\.idleDays)).isSuperset(of: [0, 1, 30, 365, 2000]))
    #expect(referenceCases.contains { $0.results.isEmpty })
    #expect(referenceCases.contains { $0.results.count >= 10 })
    #expect(referenceCases.contains { $0.deviation == 30 } && referenceCases.contains { $0.deviation == 350 })
    #expect(referenceCases.contains { item in item.results.contains { abs($0[0] - item.rating) >= 800 } })
    let volatilities = referenceCases.map(\.volatility)
    #expect(volatilities.min() == 0.03 && volatilities.max() == 0.09)
}

/// One player's start, idle days and games; encoded as the script reads it (the name too, which
/// the script ignores).
struct ReferenceCase: Encodable {
    var name: String
    var rating: Double
    var deviation: Double
    var volatility: Double
    /// Each game: the opponent's rating, their deviation, and the score (1, 0.5 or 0).
    var results: [[Double]]
    var idleDays: Double

    enum CodingKeys: String, CodingKey {
        case name, rating, deviation, volatility, results
        case idleDays = "idle_days"
    }

    init(_ name: String, _ rating: Double, _ deviation: Double, _ volatility: Double, idle idleDays: Double, _ results: [[Double]]) {
        self.name = name
        self.rating = rating
        self.deviation = deviation
        self.volatility = volatility
        self.results = results
        self.idleDays = idleDays
    }

    /// The case through the package's public API.
    func ratedBySwift() -> Rating {
        var player = Rating(rating: rating, deviation: deviation, volatility: volatility)
        player.deviation = deviationAfterIdle(player, days: idleDays)
        let games = results.map { game -> (opponent: Rating, outcome: Outcome) in
            let outcome: Outcome = game[2] == 1 ? .win : game[2] == 0 ? .loss : .draw
            // The opponent's volatility plays no part in the player's update.
            return (Rating(rating: game[0], deviation: game[1], volatility: 0.06), outcome)
        }
        return updatedRating(player, results: games)
    }
}

/// The script's answer for one case.
struct ReferenceResult: Decodable {
    var rating: Double
    var deviation: Double
    var volatility: Double
}

private func win(_ rating: Double, _ deviation: Double) -> [Double] { [rating, deviation, 1] }
private func draw(_ rating: Double, _ deviation: Double) -> [Double] { [rating, deviation, 0.5] }
private func loss(_ rating: Double, _ deviation: Double) -> [Double] { [rating, deviation, 0] }

/// The cases: wins, losses, draws, one to twelve opponents, gaps of 800 points and more,
/// deviations from 30 to 350, volatilities from 0.03 to 0.09, and idle stretches from none to
/// 2000 days (the deviation then reaches the cap of 350 before the game).
let referenceCases: [ReferenceCase] = [
    ReferenceCase("Glickman's example", 1500, 200, 0.06, idle: 0, [win(1400, 30), loss(1550, 100), loss(1700, 300)]),
    ReferenceCase("two new players, a win", 1500, 350, 0.06, idle: 0, [win(1500, 350)]),
    ReferenceCase("two new players, a loss", 1500, 350, 0.06, idle: 0, [loss(1500, 350)]),
    ReferenceCase("a draw between equals", 1500, 350, 0.06, idle: 0, [draw(1500, 350)]),
    ReferenceCase("a draw with a stronger player, one day idle", 1620, 80, 0.05, idle: 1, [draw(1850, 60)]),
    ReferenceCase("800-point favourite wins as expected", 2300, 30, 0.06, idle: 0, [win(1500, 30)]),
    ReferenceCase("800-point favourite loses: an upset", 2300, 30, 0.06, idle: 0, [loss(1500, 30)]),
    ReferenceCase("new player beats one 800 points above", 1200, 350, 0.09, idle: 0, [win(2000, 30)]),
    ReferenceCase("a draw 1000 points below", 1000, 30, 0.03, idle: 1, [draw(2000, 30)]),
    ReferenceCase(
        "twelve opponents, mixed, 30 days idle", 1750, 120, 0.06, idle: 30,
        [
            win(1600, 50), win(1650, 80), loss(1900, 40), draw(1750, 120), win(1500, 350), loss(1800, 200),
            draw(2000, 60), win(1700, 30), loss(1720, 90), win(1550, 150), loss(2100, 45), draw(1690, 70),
        ]),
    ReferenceCase(
        "eight wins in a row at volatility 0.03", 1400, 60, 0.03, idle: 1,
        [win(1600, 50), win(1650, 70), win(1700, 40), win(1750, 90), win(1800, 60), win(1620, 30), win(1680, 110), win(1720, 80)]),
    ReferenceCase(
        "six losses after a year idle", 1900, 45, 0.07, idle: 365,
        [loss(1500, 60), loss(1550, 80), loss(1600, 40), loss(1650, 100), loss(1700, 50), loss(1580, 30)]),
    ReferenceCase("the same opponent three times", 1580, 95, 0.055, idle: 2, [win(1610, 70), loss(1610, 70), win(1610, 70)]),
    ReferenceCase("a loss at volatility 0.09", 1550, 200, 0.09, idle: 30, [loss(1450, 150)]),
    ReferenceCase("a draw at RD 30 after a year idle", 1800, 30, 0.03, idle: 365, [draw(1800, 30)]),
    ReferenceCase("2000 days idle, then a win", 2100, 40, 0.05, idle: 2000, [win(2050, 60)]),
    ReferenceCase("half a day idle, then a loss", 1650, 70, 0.06, idle: 0.5, [loss(1600, 90)]),
    ReferenceCase("no games", 1650, 90, 0.06, idle: 0, []),
    ReferenceCase("no games after a year idle", 1800, 50, 0.06, idle: 365, []),
    ReferenceCase("no games at RD 350 stays capped", 1500, 350, 0.06, idle: 0, []),
    ReferenceCase("no games after 2000 days idle", 1700, 30, 0.08, idle: 2000, []),
]

/// `python3` from `PATH`, through `/usr/bin/env`, for the reference script.
enum ReferencePython {
    /// `glicko2_reference.py`, beside this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("glicko2_reference.py").path

    /// Whether a missing python3 fails the tests instead of skipping them (`CARDSERVER_REQUIRE_PEERS=1`).
    static let required = ProcessInfo.processInfo.environment["CARDSERVER_REQUIRE_PEERS"] == "1"

    /// Whether `python3 --version` runs and exits 0; found once.
    static let isPresent = (try? run(["--version"]).status) == 0

    /// Fails the test, naming what is missing, when python3 is not here; the suite only runs
    /// without it when `CARDSERVER_REQUIRE_PEERS=1`.
    static func requirePresent(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(isPresent, "CARDSERVER_REQUIRE_PEERS=1 and python3 is missing (apt-get install -y python3)", sourceLocation: sourceLocation)
    }

    /// Runs `python3` with `arguments` to its end (``PythonProcess/run(_:input:)``).
    static func run(_ arguments: [String], input: Data = Data()) throws -> (status: Int32, output: Data, errors: String) {
        try PythonProcess.run(arguments, input: input)
    }
}
