public import Foundation

/// Fault rules in process: the same rules `/__admin/faults` and `--root-dir`'s `faults/` hold.
///
/// ```swift
/// let server = try MockServer.start()
/// let apiDown = try FaultRule(name: "API down", request: StubRequest(url: .urlPathPattern(try StubRegex("/api/.*"))), faults: "reset=1")
/// try server.addFaultRule(apiDown)      // every /api/… request is reset; /images/… still answer
/// server.setFaultRule(apiDown.id, enabled: false)
/// ```
extension MockServer {
    /// Adds `rule` after the others (rules apply in the order added) and returns its id; throws
    /// when another rule has the same id.
    @discardableResult
    public func addFaultRule(_ rule: FaultRule) throws(StubError) -> UUID {
        try core.faultRules.add([rule])
        return rule.id
    }

    /// Every fault rule, in the order added.
    public var faultRules: [FaultRule] {
        core.faultRules.rules
    }

    /// The fault rule with `id`, or `nil`.
    public func faultRule(_ id: UUID) -> FaultRule? {
        core.faultRules.rule(id)
    }

    /// Replaces the rule with `rule.id`, keeping its place in the order; `false` when there is none.
    @discardableResult
    public func replaceFaultRule(_ rule: FaultRule) -> Bool {
        core.faultRules.replace(rule)
    }

    /// Turns the rule with `id` on or off; `false` when there is none.
    @discardableResult
    public func setFaultRule(_ id: UUID, enabled: Bool) -> Bool {
        guard var rule = core.faultRules.rule(id) else { return false }
        rule.enabled = enabled
        return core.faultRules.replace(rule)
    }

    /// Removes the rule with `id`; `false` when there is none.
    @discardableResult
    public func removeFaultRule(_ id: UUID) -> Bool {
        core.faultRules.remove(id)
    }

    /// Removes every fault rule, those of the root directory too.
    public func removeAllFaultRules() {
        core.faultRules.removeAll()
    }
}
