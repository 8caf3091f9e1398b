/// Texts shared by the harnesses' expected-violation lists (`knownViolations:` of
/// `assertKeeps` and `expectKeeps`).
public enum KnownViolations {
    /// The failure for a rule listed as violated that now holds.
    public static func nowKept(_ id: String, reason: String) -> String {
        "\(id) now keeps the rule; remove it from knownViolations (listed because: \(reason))"
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
