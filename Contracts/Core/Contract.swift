public import MockServer

/// One rule as a plain async check, runnable under any harness (XCTest, Swift Testing, a CLI).
///
/// A live check receives the implementation under test and a running ``MockServer`` it may
/// configure (offline switch, journal) but must leave online; a local check (in-memory rules,
/// such as a memory cache's) receives only the implementation and never starts a server. Either
/// returns `nil` when the rule holds, or a sentence saying what was observed instead.
///
/// Every check passes the process-wide ``ContractGate``: a live check runs alone in the process
/// (``isolation`` is ``ContractIsolation/exclusive``), so parallel test runners cannot make one
/// check's server or subject disturb another's deadlines or memory measurement; local checks
/// share. The subject instances a check makes are torn down when it ends (``SubjectInstance``).
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

    /// How the check shares the process: live checks run alone, local ones side by side.
    public var isolation: ContractIsolation { needsServer ? .exclusive : .shared }

    /// Whether the check needs a running ``MockServer``.
    public var needsServer: Bool {
        if case .live = body { return true }
        return false
    }

    /// Runs the check against `subject` with `server` (which a local check ignores); `nil` when the rule holds.
    public func check(_ subject: Subject, server: MockServer) async -> ContractViolation? {
        await ContractGate.run(isolation) { await run(subject, server: server) }
    }

    /// Runs the check; a live one on a fresh in-process ``MockServer`` (127.0.0.1, free ports),
    /// stopped after. A local one starts no server. The server starts and stops inside the
    /// gate: no exclusive check runs beside another check's server.
    public func check(_ subject: Subject) async -> ContractViolation? {
        await ContractGate.run(isolation) { () async -> ContractViolation? in
            guard needsServer else { return await run(subject, server: nil) }
            let server: MockServer
            do {
                server = try MockServer.start()
            } catch {
                return ContractViolation(contract: id, rule: rule, observed: "the mock server did not start: \(error)")
            }
            defer { server.stop() }
            return await run(subject, server: server)
        }
    }

    /// The check itself, inside the gate, in a scope that tears down the instances it made.
    private func run(_ subject: Subject, server: MockServer?) async -> ContractViolation? {
        let body = self.body
        let observed = await ContractScope.run { () async -> String? in
            switch body {
            case .live(let check):
                guard let server else { return "the check needs a server and got none" }
                return await check(subject, server)
            case .local(let check):
                return await check(subject)
            }
        }
        return violation(observed)
    }

    private func violation(_ observed: String?) -> ContractViolation? {
        observed.map { ContractViolation(contract: id, rule: rule, observed: $0) }
    }
}
