/// A scenario as `GET /__admin/scenarios` lists it.
struct StubScenario: Sendable {
    /// Its name (WireMock lists it as both `id` and `name`).
    let name: String
    /// Its current state.
    let state: String
    /// Every state its stubs require or set, sorted.
    let possibleStates: [String]
    /// Its stubs, in the order they were added.
    let stubs: [Stub]

    /// WireMock's shape: `{"id", "name", "state", "possibleStates", "mappings"}`.
    var json: JSONValue {
        .object([
            "id": .string(name), "name": .string(name), "state": .string(state),
            "possibleStates": .array(possibleStates.map { .string($0) }),
            "mappings": .array(stubs.map(\.json)),
        ])
    }
}
