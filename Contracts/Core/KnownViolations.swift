/// Texts shared by the harnesses' expected-violation lists (`knownViolations:` of
/// `assertKeeps` and `expectKeeps`).
public enum KnownViolations {
    /// The failure for a rule listed as violated that now holds.
    public static func nowKept(_ id: String, reason: String) -> String {
        "\(id) now keeps the rule; remove it from knownViolations (listed because: \(reason))"
    }

    /// What a harness reports for one checked rule.
    public enum Verdict: Sendable {
        /// The rule holds and is not listed: nothing to report.
        case holds
        /// A failure with this message: the rule is violated and not listed, or listed and now kept.
        case failure(String)
        /// The rule is violated and listed, with this reason: reported, not failed.
        case known(ContractViolation, reason: String)
    }

    /// The verdict on `violation` (`nil`: the rule held) of the rule `id`, given the rules an
    /// implementation lists as known to be broken (id → reason). Both harnesses (XCTest's
    /// `assertKeeps`, Swift Testing's `expectKeeps`) report from it.
    public static func verdict(_ violation: ContractViolation?, id: String, knownViolations: [String: String]) -> Verdict {
        switch (violation, knownViolations[id]) {
        case (nil, nil): .holds
        case (let violation?, nil): .failure(violation.description)
        case (let violation?, let reason?): .known(violation, reason: reason)
        case (nil, let reason?): .failure(nowKept(id, reason: reason))
        }
    }

    /// The note for a listed rule that is still violated.
    public static func stillViolated(_ violation: ContractViolation, reason: String) -> String {
        "known violation (\(reason)): \(violation)"
    }

    /// The failure for a listed identifier that names no rule of the suite it prefixes.
    public static func notInSuite(_ id: String) -> String {
        "\(id) is listed in knownViolations but the suite has no such rule; correct or remove it"
    }

    /// The suite part of a contract identifier: `memory` of `memory.lruEviction`.
    static func suitePrefix(_ id: String) -> Substring {
        id.prefix { $0 != "." }
    }
}
