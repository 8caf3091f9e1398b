/// `{"doesNotMatch": "[0-9]+"}`: a value the expression does not match whole (``MatchesPattern``
/// negated). As in WireMock 2.35, no value at all (an empty body, a header not sent) matches too.
struct DoesNotMatchPattern: NegatedPattern {
    static let operatorName = "doesNotMatch"
    let positive: MatchesPattern
    init(positive: MatchesPattern) { self.positive = positive }
}
