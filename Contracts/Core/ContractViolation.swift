/// A rule that an implementation broke: which one, and what was observed instead.
public struct ContractViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The contract's stable identifier, e.g. `http.totalDeadline`.
    public let contract: String
    /// The rule, in one line.
    public let rule: String
    /// What happened instead.
    public let observed: String

    /// Creates a violation.
    public init(contract: String, rule: String, observed: String) {
        self.contract = contract
        self.rule = rule
        self.observed = observed
    }

    /// `id: observed — rule: …`.
    public var description: String { "\(contract): \(observed) — rule: \(rule)" }
}
