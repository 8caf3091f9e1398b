public import Foundation

/// A fault rule: faults put on every request that matches a WireMock request pattern, without
/// touching the request's URL (`?fault.…`) or a stub (`metadata.testbed.faults`). A manual tester
/// slows the real app's images or takes its API down by path while the app runs unchanged.
///
/// ```swift
/// let slow = try FaultRule(
///     name: "slow images", request: StubRequest(url: .urlPathPattern(try StubRegex("/images/.*"))), faults: "delay=2000&drip=20000")
/// server.addFaultRule(slow)
/// ```
///
/// In JSON (`POST /__admin/faults`, `--root-dir`'s `faults/*.json`):
/// `{"name": "slow images", "request": {"urlPathPattern": "/images/.*"}, "faults": "delay=2000&drip=20000", "enabled": true}`.
/// A rule applies to stubbed answers and to the built-in catalog's; the faults a request ends
/// with are the rules' (in the order the rules were added), then the stub's own, then the
/// request's `fault.NAME` parameters, a fault given twice taking its last value.
public struct FaultRule: Sendable, Hashable, Identifiable {
    /// The rule's id (a fresh UUID unless given).
    public var id: UUID
    /// What the rule is called (the dashboard's switch is named after it).
    public var name: String
    /// Which requests the rule applies to: a WireMock request pattern, without `bodyPatterns`.
    public var request: StubRequest
    /// The faults, as a query string of the fault table's names (`delay=2000&drip=20000`; a
    /// `fault.` prefix is accepted too). Checked when the rule is made.
    public private(set) var faults: String
    /// Whether the rule applies; a disabled rule does nothing.
    public var enabled: Bool

    /// A rule; throws when `faults` names an unknown fault or holds a bad value, when it is empty,
    /// or when `request` has body patterns.
    public init(id: UUID = UUID(), name: String, request: StubRequest, faults: String, enabled: Bool = true) throws(StubError) {
        try Self.check(faults: faults, at: "faults")
        guard request.bodyPatterns.isEmpty else {
            throw StubError(.unsupported, field: "request.bodyPatterns", reason: "fault rules match a request before its body is read")
        }
        self.id = id
        self.name = name
        self.request = request
        self.faults = faults
        self.enabled = enabled
    }

    /// Reads a rule from its JSON form, strictly: an unknown field, a bad request pattern or a
    /// bad fault throws a ``StubError`` naming the field and why. Without `id` the rule gets a
    /// fresh one; without `enabled` it is on.
    public init(json: Data) throws(StubError) {
        self = try Self(object: StubParser.object(json))
    }

    /// The rule of one JSON object (a file's, or one of `{"faults": [...]}`).
    init(object: [String: Any]) throws(StubError) {
        try StubParser.checkFields(object, at: "", known: Self.fields, unsupported: [])
        guard let requestObject = object["request"] else {
            throw StubError(.invalid, field: "request", reason: "is required (a WireMock request pattern, {} for every request)")
        }
        let request = try StubParser.request(requestObject, at: "request")
        guard let faults = try StubParser.string(object["faults"], at: "faults") else {
            throw StubError(.invalid, field: "faults", reason: "is required (a query string of faults, such as delay=2000&drip=20000)")
        }
        let name = try StubParser.string(object["name"], at: "name") ?? ""
        var enabled = true
        if let flag = object["enabled"], !(flag is NSNull) {
            guard case .bool(let value)? = JSONValue(foundation: flag) else {
                throw StubError(.invalid, field: "enabled", reason: "must be true or false")
            }
            enabled = value
        }
        var id = UUID()
        if let text = try StubParser.string(object["id"], at: "id") {
            guard let given = UUID(uuidString: text) else { throw StubError(.invalid, field: "id", reason: "'\(text)' is not a UUID") }
            id = given
        }
        try self.init(id: id, name: name, request: request, faults: faults, enabled: enabled)
    }

    /// The fields of a rule's JSON object.
    static let fields: Set<String> = ["id", "name", "request", "faults", "enabled"]

    /// The rule as JSON, as the admin API lists it (`id` lowercase).
    public var json: JSONValue {
        .object([
            "id": .string(id.uuidString.lowercased()), "name": .string(name), "request": request.json,
            "faults": .string(faults), "enabled": .bool(enabled),
        ])
    }

    /// The faults as query pairs, each spelt `fault.NAME`, so they count on any path.
    var prefixedPairs: [(name: String, value: String?)] {
        StubFaults.query(faults).pairs.map { pair in
            (pair.name.hasPrefix(RequestFaults.prefix) ? pair.name : RequestFaults.prefix + pair.name, pair.value)
        }
    }

    /// Checks a rule's fault string: at least one fault, every name in the fault table (bare or
    /// with the `fault.` prefix), every value in its range.
    static func check(faults: String, at field: String) throws(StubError) {
        let query = StubFaults.query(faults)
        guard !query.pairs.isEmpty else {
            throw StubError(.invalid, field: field, reason: "names no fault (give a query string such as delay=2000&drip=20000)")
        }
        let known = Set(Fault.Name.allCases.map(\.rawValue))
        for pair in query.pairs {
            let bare = pair.name.hasPrefix(RequestFaults.prefix) ? String(pair.name.dropFirst(RequestFaults.prefix.count)) : pair.name
            guard known.contains(bare) else {
                throw StubError(
                    .invalid, field: field,
                    reason: "'\(pair.name)' is not a fault (known: \(Fault.Name.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        do {
            _ = try RequestFaults(query)
        } catch {
            throw StubError(.invalid, field: field, reason: "\(error.parameter): \(error.error) (valid: \(error.valid))")
        }
    }
}
