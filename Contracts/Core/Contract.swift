public import MockServer

/// One rule as a plain async check, runnable under any harness (XCTest, Swift Testing, a CLI).
///
/// A live check receives the implementation under test and a running ``MockServer`` it may
/// configure (offline switch, journal) but must leave online; a local check (in-memory rules,
/// such as a memory cache's) receives only the implementation and never starts a server. Either
/// returns `nil` when the rule holds, or a sentence saying what was observed instead.
public struct Contract<Subject: Sendable>: Sendable, Identifiable {
    /// Stable identifier, `suite.rule` (e.g. `http.totalDeadline`); never reused for another rule.
    public let id: String
    /// The rule in one line.
    public let rule: String
    private let body: Body

    /// What the check needs to run.
    private enum Body: Sendable {
        case live(@Sendable (Subject, MockServer) async -> String?)
        case local(@Sendable (Subject) async -> String?)
    }

    /// Creates a contract from its identifier, rule and a check that uses a live server.
    public init(id: String, rule: String, check: @escaping @Sendable (Subject, MockServer) async -> String?) {
        self.id = id
        self.rule = rule
        self.body = .live(check)
    }

    /// Creates a contract whose check needs no server.
    public init(id: String, rule: String, localCheck: @escaping @Sendable (Subject) async -> String?) {
        self.id = id
        self.rule = rule
        self.body = .local(localCheck)
    }

    /// Whether the check needs a running ``MockServer``.
    public var needsServer: Bool {
        if case .live = body { return true }
        return false
    }

    /// Runs the check against `subject` with `server` (which a local check ignores); `nil` when the rule holds.
    public func check(_ subject: Subject, server: MockServer) async -> ContractViolation? {
        switch body {
        case .live(let check): return violation(await check(subject, server))
        case .local(let check): return violation(await check(subject))
        }
    }

    /// Runs the check; a live one on a fresh in-process ``MockServer`` (127.0.0.1, free ports),
    /// stopped after. A local one starts no server.
    public func check(_ subject: Subject) async -> ContractViolation? {
        if case .local(let check) = body { return violation(await check(subject)) }
        let server: MockServer
        do {
            server = try MockServer.start()
        } catch {
            return ContractViolation(contract: id, rule: rule, observed: "the mock server did not start: \(error)")
        }
        defer { server.stop() }
        return await check(subject, server: server)
    }

    private func violation(_ observed: String?) -> ContractViolation? {
        observed.map { ContractViolation(contract: id, rule: rule, observed: $0) }
    }
}
