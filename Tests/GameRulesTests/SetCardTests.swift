import GameRules
import Testing

struct SetCardTests {
    @Test(arguments: [
        (0, 1, SetShape.triangle, SetColor.red, SetFill.solid),
        (1, 2, .triangle, .red, .solid),
        (5, 3, .circle, .red, .solid),
        (9, 1, .triangle, .green, .solid),
        (41, 3, .circle, .green, .striped),
        (50, 3, .circle, .purple, .striped),
        (54, 1, .triangle, .red, .open),
        (80, 3, .square, .purple, .open),
    ])
    func idIsTheBaseThreeNumberOfTheAttributes(id: Int, count: Int, shape: SetShape, color: SetColor, fill: SetFill) throws {
        let card = try #require(SetCard(id: id))
        #expect(card.count == count)
        #expect(card.shape == shape)
        #expect(card.color == color)
        #expect(card.fill == fill)
        #expect(SetCard(count: count, shape: shape, color: color, fill: fill) == card)
    }

    @Test(arguments: SetCard.deck)
    func attributesRoundTripToTheSameCard(card: SetCard) {
        #expect(SetCard(count: card.count, shape: card.shape, color: card.color, fill: card.fill) == card)
        #expect(SetCard(id: card.id) == card)
    }

    @Test func theDeckHoldsEveryCombinationOnceByID() {
        #expect(SetCard.deck.map(\.id) == Array(0..<81))
        let combinations = Swift.Set(SetCard.deck.map { "\($0.count) \($0.shape) \($0.color) \($0.fill)" })
        #expect(combinations.count == 81)
        #expect(SetCard.deck.sorted(by: >).map(\.id) == Array((0..<81).reversed()))
    }

    @Test(arguments: [-1, 81, 90, Int.min, Int.max])
    func idsOutsideTheDeckNameNoCard(id: Int) {
        #expect(SetCard(id: id) == nil)
    }

    @Test func attributeNamesArePinned() {
        #expect(SetShape.allCases.map(\.rawValue) == ["triangle", "circle", "square"])
        #expect(SetColor.allCases.map(\.rawValue) == ["red", "green", "purple"])
        #expect(SetFill.allCases.map(\.rawValue) == ["solid", "striped", "open"])
    }

    @Test(arguments: [(0, 1, 2), (0, 80, 40), (1, 1, 1), (4, 8, 0), (27, 54, 0), (13, 40, 67)])
    func thirdCompletesAPair(first: Int, second: Int, expected: Int) {
        let a = SetCard(id: first)!, b = SetCard(id: second)!
        #expect(SetCard.third(completing: a, b).id == expected)
        #expect(SetCard.third(completing: b, a).id == expected)
    }

    @Test(arguments: SetCard.deck)
    func isSetFollowsTheAttributeRuleAndThirdIsTheOnlyCompletion(a: SetCard) {
        for b in SetCard.deck where b != a {
            let completions = SetCard.deck.filter { SetCard.isSet(a, b, $0) }
            #expect(completions == [SetCard.third(completing: a, b)])
            #expect(SetCard.deck.filter { attributesFormSet(a, b, $0) } == completions)
        }
    }

    @Test func isSetDoesNotDependOnOrder() {
        let (a, b, c) = (SetCard(id: 4)!, SetCard(id: 8)!, SetCard(id: 0)!)
        let orders = [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]
        #expect(orders.allSatisfy { SetCard.isSet($0.0, $0.1, $0.2) })
        #expect(!SetCard.isSet(a, b, SetCard(id: 5)!))
    }
}
