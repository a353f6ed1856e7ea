import GameRules
import Testing

struct RPSRulesTests {
    static let pairings: [(Sign, Sign, Outcome)] = [
        (.rock, .rock, .draw), (.rock, .paper, .lose), (.rock, .scissors, .win),
        (.paper, .rock, .win), (.paper, .paper, .draw), (.paper, .scissors, .lose),
        (.scissors, .rock, .lose), (.scissors, .paper, .win), (.scissors, .scissors, .draw),
    ]

    @Test(arguments: pairings)
    func everyPairingHasTheClassicOutcome(first: Sign, second: Sign, expected: Outcome) {
        #expect(first.outcome(against: second) == expected)
    }

    @Test(arguments: Sign.allCases)
    func defeatsAndDefeatedByAreInverse(sign: Sign) {
        #expect(sign.defeats.defeatedBy == sign)
        #expect(sign.defeatedBy.defeats == sign)
        #expect(sign.outcome(against: sign.defeats) == .win)
        #expect(sign.outcome(against: sign.defeatedBy) == .lose)
    }

    @Test(arguments: pairings)
    func aRoundBetweenTwoSeatsIsDecidedByThePairing(first: Sign, second: Sign, expected: Outcome) throws {
        var match = RPSMatch(bestOf: 3)
        let firstThrow = try match.play(first, seat: 0)
        #expect(firstThrow == nil)
        #expect(match.waitingOn == [1])
        let secondThrow = try match.play(second, seat: 1)
        let round = try #require(secondThrow)
        let expectedWinner: Int? = switch expected {
        case .win: 0
        case .lose: 1
        case .draw: nil
        }
        #expect(round == RPSRound(number: 1, signs: [first, second], winner: expectedWinner, timedOut: []))
        #expect(match.wins == [expectedWinner == 0 ? 1 : 0, expectedWinner == 1 ? 1 : 0])
        #expect(match.round == (expected == .draw ? 1 : 2))
        #expect(match.pendingThrows == [nil, nil])
    }

    @Test func bestOfThreeEndsAtTwoWinsAndDrawsDoNotCount() throws {
        var match = RPSMatch(bestOf: 3)
        _ = try match.play(.rock, seat: 0)
        let draw = try match.play(.rock, seat: 1)
        #expect(draw?.winner == nil)
        #expect(match.round == 1)
        _ = try match.play(.paper, seat: 0)
        let first = try match.play(.rock, seat: 1)
        #expect(first?.winner == 0)
        _ = try match.play(.paper, seat: 0)
        let second = try match.play(.scissors, seat: 1)
        #expect(second?.winner == 1)
        #expect(match.round == 3)
        _ = try match.play(.scissors, seat: 0)
        let last = try match.play(.paper, seat: 1)
        #expect(last == RPSRound(number: 3, signs: [.scissors, .paper], winner: 0, timedOut: []))
        #expect(match.wins == [2, 1])
        #expect(match.winner == 0)
        #expect(match.isOver)
        #expect(match.waitingOn == [])
        #expect(throws: RPSError.matchOver) { _ = try match.play(.rock, seat: 0) }
    }

    @Test func aSeatCannotThrowTwiceInOneRound() throws {
        var match = RPSMatch(bestOf: 3)
        _ = try match.play(.rock, seat: 1)
        #expect(throws: RPSError.alreadyThrown) { _ = try match.play(.paper, seat: 1) }
        #expect(match.pendingThrows == [nil, .rock])
        #expect(throws: RPSError.noSuchSeat(2)) { _ = try match.play(.paper, seat: 2) }
    }

    @Test func timeOutGivesTheRoundToTheSeatThatThrew() throws {
        var match = RPSMatch(bestOf: 1)
        _ = try match.play(.scissors, seat: 1)
        let timedOut = match.timeOut()
        #expect(timedOut == RPSRound(number: 1, signs: [nil, .scissors], winner: 1, timedOut: [0]))
        #expect(match.winner == 1)
        let afterTheEnd = match.timeOut()
        #expect(afterTheEnd == nil)
    }

    @Test func timeOutWithNoThrowsIsAVoidRoundThatIsReplayed() {
        var match = RPSMatch(bestOf: 3)
        let void = match.timeOut()
        #expect(void == RPSRound(number: 1, signs: [nil, nil], winner: nil, timedOut: [0, 1]))
        #expect(match.round == 1)
        #expect(match.wins == [0, 0])
        #expect(!match.isOver)
    }

    @Test func forfeitGivesTheMatchToTheOtherSeat() throws {
        var match = RPSMatch(bestOf: 5)
        _ = try match.play(.rock, seat: 0)
        match.forfeit(seat: 0)
        #expect(match.winner == 1)
        #expect(match.pendingThrows == [nil, nil])
        #expect(match.winsNeeded == 3)
    }
}
