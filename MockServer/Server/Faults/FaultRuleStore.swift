import Foundation
import Synchronization

/// The fault rules of a server, in the order they were added, each with its compiled matcher.
/// One `Mutex` over the list; an atomic count of enabled rules lets a server without any skip
/// the lock and the match on every request.
final class FaultRuleStore: Sendable {
    /// A rule and the matcher of its request pattern.
    private struct Entry {
        var rule: FaultRule
        let matcher: StubMatcher
    }

    private let entries = Mutex<[Entry]>([])
    /// How many rules are enabled (read without the lock on the request path).
    private let enabledCount = Atomic<Int>(0)

    /// An empty store.
    init() {}

    /// Whether some rule is enabled.
    var hasEnabledRules: Bool { enabledCount.load(ordering: .relaxed) > 0 }

    /// Every rule, in the order added.
    var rules: [FaultRule] { entries.withLock { $0.map(\.rule) } }

    /// The rule with `id`, if any.
    func rule(_ id: UUID) -> FaultRule? { entries.withLock { $0.first { $0.rule.id == id }?.rule } }

    /// Adds `rules` at the end, all or none: an id already used (or used twice among them) throws.
    func add(_ rules: [FaultRule]) throws(StubError) {
        try entries.withLock { (entries) throws(StubError) in
            var ids = Set(entries.map(\.rule.id))
            for rule in rules where !ids.insert(rule.id).inserted {
                throw StubError(.duplicateID, field: "id", reason: "\(rule.id.uuidString.lowercased()) is the id of another fault rule")
            }
            entries += rules.map(Self.entry)
            recount(entries)
        }
    }

    /// Replaces the rule with `rule`'s id, keeping its place; `false` when there is none.
    func replace(_ rule: FaultRule) -> Bool {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.rule.id == rule.id }) else { return false }
            entries[index] = Self.entry(rule)
            recount(entries)
            return true
        }
    }

    /// Removes the rule with `id`; `false` when there is none.
    func remove(_ id: UUID) -> Bool {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.rule.id == id }) else { return false }
            entries.remove(at: index)
            recount(entries)
            return true
        }
    }

    /// Removes every rule.
    func removeAll() {
        entries.withLock { entries in
            entries.removeAll()
            recount(entries)
        }
    }

    /// The enabled rules that match `request`, in the order added.
    func matching(_ request: StubRequestInfo) -> [FaultRule] {
        guard hasEnabledRules else { return [] }
        let input = RequestMatchInput(request: request, scenarios: [:])
        return entries.withLock { entries in
            entries.filter { $0.rule.enabled && $0.matcher.match(input, explain: false).isExactMatch }.map(\.rule)
        }
    }

    private func recount(_ entries: [Entry]) {
        enabledCount.store(entries.count { $0.rule.enabled }, ordering: .relaxed)
    }

    private static func entry(_ rule: FaultRule) -> Entry {
        // A stub stands in for the rule: the matcher reads only its request pattern.
        Entry(rule: rule, matcher: StubMatcher(Stub(id: rule.id, request: rule.request, response: StubResponse())))
    }
}
