/// What the store found for a request.
enum StubMatch: Sendable {
    /// This stub answers (its scenario, if any, has moved on), with its inline body's bytes
    /// (`nil` for a body file).
    case matched(Stub, body: SharedBytes?)
    /// No stub answers.
    case unmatched
}
