/// `{"doesNotContain": "x"}`: a value without this text (``ContainsPattern`` negated). As in
/// WireMock 2.35, no value at all (an empty body, a header not sent) matches too.
struct DoesNotContainPattern: NegatedPattern {
    static let operatorName = "doesNotContain"
    let positive: ContainsPattern
    init(positive: ContainsPattern) { self.positive = positive }
}
