/// What the store found for a request.
enum StubMatch: Sendable {
    /// This stub answers (its scenario, if any, has moved on), with its inline body's bytes
    /// (`nil` for a body file).
    case matched(Stub, body: SharedBytes?)
    /// No stub answers; the near-miss report names the closest one (`nil` when there are no stubs).
    case unmatched(report: String?)
}
