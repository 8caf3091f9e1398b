/// What a subject's factory made for one check, and what to run once the check is done with it.
///
/// A client or loader that holds resources which must be released explicitly (AsyncHTTPClient
/// must be shut down before it is released; a thread pool; a server of its own) returns them
/// here: the suite runs `teardown` after the check that made it, whether the rule held, was
/// violated, or an operation overran its watchdog.
public struct SubjectInstance<Value: Sendable>: Sendable {
    /// The implementation under test.
    public let value: Value
    /// Releases what `value` holds; run once, after the check.
    public let teardown: @Sendable () async -> Void

    /// Wraps `value` and what releases it.
    public init(_ value: Value, teardown: @escaping @Sendable () async -> Void) {
        self.value = value
        self.teardown = teardown
    }

    /// Wraps a `value` that needs nothing released.
    public init(_ value: Value) {
        self.init(value, teardown: {})
    }
}
