public import Foundation

/// Stubs in WireMock's mapping format, in process: the same store the admin API
/// (`/__admin/mappings`) and `--root-dir` fill.
///
/// ```swift
/// let server = try MockServer.start()
/// let id = try server.addStub(Stub(request: .get(urlPath: "/api/items"), response: .json(body: .array([]))))
/// // GET /api/items → 200 []
/// server.removeStub(id)
/// ```
extension MockServer {
    /// Adds `stub` (matched before the built-in catalog) and returns its id. Throws when another
    /// stub has the same id, or when its `metadata.testbed.faults` are not valid faults; the
    /// stubs already there stay.
    @discardableResult
    public func addStub(_ stub: Stub) throws(StubError) -> StubID {
        try core.stubs.add(stub)
        return stub.id
    }

    /// Reads a mapping (or `{"mappings": [...]}`) in WireMock's JSON format and adds it, all or
    /// nothing; returns the ids in order.
    @discardableResult
    public func addStubs(json: Data) throws(StubError) -> [StubID] {
        let stubs = try StubParser.stubs(from: json)
        try core.stubs.add(stubs, fromRootDirectory: false)
        return stubs.map(\.id)
    }

    /// Removes the stub with `id`; `false` when there is none.
    @discardableResult
    public func removeStub(_ id: StubID) -> Bool {
        core.stubs.remove(id)
    }

    /// Goes back to the root directory's stubs as loaded at start (runtime stubs go, removed
    /// root-directory stubs return) and starts every scenario over, as
    /// `POST /__admin/mappings/reset` does.
    public func resetStubs() {
        core.stubs.resetRuntimeStubs()
    }

    /// Puts every scenario back to `Started`, as `POST /__admin/scenarios/reset` does.
    public func resetScenarios() {
        core.stubs.resetScenarios()
    }

    /// Every stub, in matching order (lowest priority number first, then the most recent).
    public var stubs: [Stub] {
        core.stubs.stubs
    }

    /// One line per response transformer the stubs name that this server does not apply
    /// (a project's own WireMock extension; `response-template` it applies), with how many stubs
    /// name it. Those stubs load, and answer 500 naming what they need when they match;
    /// `mockserver --root-dir` prints these lines once at start.
    public var stubWarnings: [String] {
        var transformers: [String: Int] = [:]
        for stub in stubs {
            for name in stub.response.transformers where name != StubTemplating.transformerName { transformers[name, default: 0] += 1 }
        }
        func counted(_ count: Int) -> String { "\(count) stub\(count == 1 ? "" : "s")" }
        return transformers.keys.sorted().map { name in
            "transformer '\(name)' (named by \(counted(transformers[name] ?? 0))) is not part of mockserver: "
                + "those stubs answer 500 naming it when they match"
        }
    }

    /// The current state of each scenario, by name.
    public var scenarioStates: [String: String] {
        Dictionary(uniqueKeysWithValues: core.stubs.scenarios.map { ($0.name, $0.state) })
    }
}
