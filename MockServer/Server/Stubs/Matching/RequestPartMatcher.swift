/// One part of a stub's request pattern (its method, its URL, one header, one query parameter,
/// its scenario state), matched against a request.
///
/// A stub's parts make up its ``StubMatcher``; each part's ``MatchResult`` counts in the stub's
/// distance with the part's ``weight``. A new request field (cookies, the body…) is one new
/// type conforming to this protocol, added where ``StubMatcher`` lists the parts.
///
/// Parts are final classes (`AnyObject`): a request is walked past every part of every
/// candidate stub, and an existential of a class is one pointer, where one of a larger struct
/// is a box copied at each step (bench case 7, 300 stubs on one path: about half the rate).
protocol RequestPartMatcher: AnyObject, Sendable {
    /// How much this part counts in the stub's distance (see ``StubMatcher/totalWeight``).
    var weight: Double { get }
    /// How `input` compares with this part. With `explain`, the result lists the field compared
    /// (``MatchResult/fields``); without, it may leave them out, which is what serving wants.
    func match(_ input: RequestMatchInput, explain: Bool) -> MatchResult
    /// The one value this part accepts and where in a request it is read, when there is just
    /// one (a header's or a body's `equalTo`); `nil` otherwise (the default). The store files
    /// the stub under it (``StubCandidateList``), so it must hold that the part matches a
    /// request only when ``indexValues(of:)`` of that request contains the value.
    var exactValueKey: ExactValueKey? { get }
    /// The request's values at the place ``exactValueKey`` names (a header sent twice has two;
    /// none when absent). Only called on a part that offers a key.
    func indexValues(of request: StubRequestInfo) -> [String]
}

/// What a part is matched against: the request, and the state of every scenario.
struct RequestMatchInput {
    /// The request.
    let request: StubRequestInfo
    /// Current state per scenario name.
    let scenarios: [String: String]
}

extension RequestPartMatcher {
    var exactValueKey: ExactValueKey? { nil }
    func indexValues(of request: StubRequestInfo) -> [String] { [] }

    /// `result`, with the field it compared when `explain` asks for it.
    func explained(
        _ result: MatchResult, explain: Bool, path: @autoclosure () -> String, expected: @autoclosure () -> String,
        actual: @autoclosure () -> String, message: String
    ) -> MatchResult {
        guard explain else { return result }
        let field = MatchField(path: path(), expected: expected(), actual: actual(), isMatch: result.isExactMatch, message: message)
        return result.with(fields: [field])
    }
}
