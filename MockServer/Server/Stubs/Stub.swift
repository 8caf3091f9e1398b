public import Foundation

/// A stub's identifier (WireMock's `id`, a UUID).
public typealias StubID = UUID

/// One stub in WireMock's mapping format: when a request matches ``request``, it is answered with
/// ``response``.
///
/// ```swift
/// let id = try server.addStub(Stub(request: .get(urlPath: "/api/items"), response: .json(body: .array([]))))
/// let fromFile = try Stub(json: Data(contentsOf: mappingURL))
/// ```
///
/// Among the stubs that match, the lowest ``priority`` wins (default 5), then the one added last.
/// Scenarios make a stub answer only in one state of a named state machine and move it on.
public struct Stub: Sendable, Hashable {
    /// The priority a stub without one has, as in WireMock.
    public static let defaultPriority = 5
    /// The state every scenario starts in (and returns to on reset).
    public static let startedState = "Started"

    /// The stub's id (`id` or `uuid` in the mapping; a new one when it has neither).
    public var id: StubID
    /// An optional name, shown in the near-miss report and the `Matched-Stub-Name` header.
    public var name: String?
    /// What a request must look like.
    public var request: StubRequest
    /// What it is answered with.
    public var response: StubResponse
    /// Lower wins; `nil` means ``defaultPriority``.
    public var priority: Int?
    /// The scenario this stub belongs to.
    public var scenarioName: String?
    /// The scenario state in which the stub answers (`nil`: in every state).
    public var requiredScenarioState: String?
    /// The state the scenario moves to once the stub has answered.
    public var newScenarioState: String?
    /// WireMock's free-form `metadata`, kept as written. The `testbed.faults` member (a query
    /// string such as `stall_after=1000&drip=20000`) adds MockServer's faults to every answer.
    public var metadata: [String: JSONValue]?
    /// WireMock's `persistent` flag, kept and listed; it changes nothing here.
    public var persistent: Bool?

    /// A stub with a fresh id.
    public init(
        id: StubID = StubID(), name: String? = nil, request: StubRequest, response: StubResponse, priority: Int? = nil,
        scenarioName: String? = nil, requiredScenarioState: String? = nil, newScenarioState: String? = nil,
        metadata: [String: JSONValue]? = nil
    ) {
        self.id = id
        self.name = name
        self.request = request
        self.response = response
        self.priority = priority
        self.scenarioName = scenarioName
        self.requiredScenarioState = requiredScenarioState
        self.newScenarioState = newScenarioState
        self.metadata = metadata
    }

    /// Reads one mapping in WireMock's JSON format, strictly: an unknown field, a field of
    /// WireMock this server does not support, or a bad value throws a ``StubError`` naming the
    /// field and why.
    public init(json: Data) throws(StubError) {
        self = try StubParser.stub(from: StubParser.object(json))
    }

    /// The priority that decides (``priority`` or ``defaultPriority``).
    public var effectivePriority: Int { priority ?? Self.defaultPriority }

    /// The faults of `metadata.testbed.faults`, as a query string, if any.
    public var testbedFaults: String? {
        guard case .object(let testbed)? = metadata?["testbed"], case .string(let faults)? = testbed["faults"] else { return nil }
        return faults
    }

    /// Whether the recorder made this mapping (`metadata.testbed.recorded: true`): its answer is
    /// played back with exactly the headers recorded, so the server's default
    /// `Cache-Control: no-store` is not added to it.
    public var isRecorded: Bool {
        guard case .object(let testbed)? = metadata?["testbed"], case .bool(let recorded)? = testbed["recorded"] else { return false }
        return recorded
    }

    /// The mapping as WireMock lists it: every field set, with `id` and `uuid`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id.uuidString.lowercased()), "uuid": .string(id.uuidString.lowercased()),
            "request": request.json, "response": response.json,
        ]
        if let name { object["name"] = .string(name) }
        if let priority { object["priority"] = .integer(priority) }
        if let scenarioName { object["scenarioName"] = .string(scenarioName) }
        if let requiredScenarioState { object["requiredScenarioState"] = .string(requiredScenarioState) }
        if let newScenarioState { object["newScenarioState"] = .string(newScenarioState) }
        if let metadata { object["metadata"] = .object(metadata) }
        if let persistent { object["persistent"] = .bool(persistent) }
        return .object(object)
    }
}
