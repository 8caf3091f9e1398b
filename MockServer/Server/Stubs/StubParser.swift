import Foundation

/// Reads WireMock mappings strictly: every field is known and checked, and a problem is a
/// ``StubError`` naming the field path and why. Fields of WireMock that this server does not
/// implement are refused as such rather than ignored (a stub that silently matched more than
/// its author wrote would hide bugs).
enum StubParser {
    /// Largest mapping document accepted, in bytes.
    static let maximumDocumentSize = 10 * 1024 * 1024

    /// The mapping-level fields understood.
    static let mappingFields: Set<String> = [
        "id", "uuid", "name", "request", "response", "priority", "scenarioName", "requiredScenarioState",
        "newScenarioState", "metadata", "persistent", "$schema",
        // WireMock writes it into every mapping it records or saves, and loads such files;
        // it only orders stubs added at run time, so it is read (an integer) and not used.
        "insertionIndex",
    ]
    /// Mapping-level fields of WireMock that are not implemented here.
    static let unsupportedMappingFields: Set<String> = [
        "postServeActions", "serveEventListeners", "newRequest",
    ]

    /// The JSON document: one mapping or `{"mappings": [...]}`.
    static func object(_ data: Data) throws(StubError) -> [String: Any] {
        guard data.count <= maximumDocumentSize else {
            throw StubError(.invalid, field: "", reason: "the mapping is \(data.count) bytes, more than the \(maximumDocumentSize) accepted")
        }
        // Our own reader, not `JSONSerialization`: it takes the comments WireMock's Jackson
        // takes, and keeps every number as written (the tree holds them as `JSONNumber`).
        let parsed: Any
        do {
            parsed = try JSONReader.parse(data).tree
        } catch {
            throw StubError(.invalid, field: "", reason: "not valid JSON (\(error))")
        }
        guard let object = parsed as? [String: Any] else {
            throw StubError(.invalid, field: "", reason: "a mapping must be a JSON object")
        }
        return object
    }

    /// The stubs of a document: `{"mappings": [...]}` or a single mapping.
    static func stubs(from data: Data) throws(StubError) -> [Stub] {
        let document = try object(data)
        guard let list = document["mappings"] else { return [try stub(from: document)] }
        if document.count > 1 {
            let others = document.keys.filter { $0 != "mappings" && $0 != "meta" }.sorted()
            if !others.isEmpty {
                throw StubError(.invalid, field: others[0], reason: "unknown field beside \"mappings\"")
            }
        }
        guard let items = list as? [Any] else { throw StubError(.invalid, field: "mappings", reason: "must be an array of mappings") }
        var stubs: [Stub] = []
        for (index, item) in items.enumerated() {
            let place = "mappings[\(index)]"
            guard let mapping = item as? [String: Any] else { throw StubError(.invalid, field: place, reason: "must be a JSON object") }
            do {
                stubs.append(try stub(from: mapping))
            } catch {
                throw error.under(place)
            }
        }
        return stubs
    }

    /// One mapping.
    static func stub(from object: [String: Any]) throws(StubError) -> Stub {
        try checkFields(object, at: "", known: mappingFields, unsupported: unsupportedMappingFields)
        guard let requestObject = object["request"] else {
            throw StubError(.invalid, field: "request", reason: "is required")
        }
        let request = try self.request(requestObject, at: "request")
        let response = try object["response"].map { value throws(StubError) in try self.response(value, at: "response") }
            ?? StubResponse()
        var stub = Stub(request: request, response: response)
        stub.id = try identifier(object)
        stub.name = try string(object["name"], at: "name")
        stub.priority = try object["priority"].map { value throws(StubError) in
            try integer(value, at: "priority", in: Int(Int32.min)...Int(Int32.max))
        }
        stub.scenarioName = try string(object["scenarioName"], at: "scenarioName")
        stub.requiredScenarioState = try string(object["requiredScenarioState"], at: "requiredScenarioState")
        stub.newScenarioState = try string(object["newScenarioState"], at: "newScenarioState")
        if stub.scenarioName == nil {
            if stub.requiredScenarioState != nil {
                throw StubError(.invalid, field: "requiredScenarioState", reason: "needs a scenarioName")
            }
            if stub.newScenarioState != nil {
                throw StubError(.invalid, field: "newScenarioState", reason: "needs a scenarioName")
            }
        }
        if let index = object["insertionIndex"] {
            _ = try integer(index, at: "insertionIndex", in: 0...Int(Int64.max))
        }
        if let persistent = object["persistent"] {
            guard let flag = JSONValue(foundation: persistent), case .bool(let value) = flag else {
                throw StubError(.invalid, field: "persistent", reason: "must be true or false")
            }
            stub.persistent = value
        }
        if let metadata = object["metadata"] {
            guard let value = JSONValue(foundation: metadata), case .object(let members) = value else {
                throw StubError(.invalid, field: "metadata", reason: "must be a JSON object")
            }
            stub.metadata = members
            try checkTestbedMetadata(members)
        }
        return stub
    }

    /// `id` and `uuid` (the same UUID when both are given), or a fresh one.
    private static func identifier(_ object: [String: Any]) throws(StubError) -> StubID {
        var found: (field: String, id: StubID)?
        for field in ["id", "uuid"] {
            guard let value = try string(object[field], at: field) else { continue }
            guard let id = UUID(uuidString: value) else { throw StubError(.invalid, field: field, reason: "'\(value)' is not a UUID") }
            if let found, found.id != id {
                throw StubError(.invalid, field: field, reason: "differs from \(found.field) '\(found.id.uuidString.lowercased())'")
            }
            found = (field, id)
        }
        return found?.id ?? StubID()
    }

    /// `metadata.testbed`: only `faults`, a query string of MockServer's faults, each valid.
    private static func checkTestbedMetadata(_ metadata: [String: JSONValue]) throws(StubError) {
        guard let testbed = metadata["testbed"] else { return }
        guard case .object(let members) = testbed else {
            throw StubError(.invalid, field: "metadata.testbed", reason: "must be an object like {\"faults\": \"delay=500\"}")
        }
        for key in members.keys where key != "faults" && key != "recorded" {
            throw StubError(.invalid, field: "metadata.testbed.\(key)", reason: "unknown field (only \"faults\" and \"recorded\" are read)")
        }
        if let recorded = members["recorded"], case .bool = recorded {} else if members["recorded"] != nil {
            throw StubError(.invalid, field: "metadata.testbed.recorded", reason: "must be true or false")
        }
        guard let faults = members["faults"] else { return }
        guard case .string(let text) = faults else {
            throw StubError(.invalid, field: "metadata.testbed.faults", reason: "must be a query string like \"stall_after=1000&drip=20000\"")
        }
        do {
            _ = try RequestFaults(StubFaults.query(text))
        } catch {
            throw StubError(.invalid, field: "metadata.testbed.faults", reason: "\(error.parameter): \(error.error) (valid: \(error.valid))")
        }
    }

    /// Checks a stub built in Swift the way a parsed one is checked: its testbed faults.
    static func checkTestbedFaults(_ stub: Stub) throws(StubError) {
        guard let metadata = stub.metadata else { return }
        try checkTestbedMetadata(metadata)
    }

    // MARK: - Shared checks

    /// Refuses fields that are unknown or known but not implemented.
    static func checkFields(_ object: [String: Any], at path: String, known: Set<String>, unsupported: Set<String>) throws(StubError) {
        for key in object.keys.sorted() where !known.contains(key) {
            let field = join(path, key)
            if unsupported.contains(key) {
                throw StubError(.unsupported, field: field, reason: "not supported by mockserver")
            }
            throw StubError(.invalid, field: field, reason: "unknown field")
        }
    }

    /// `path.key` (or `key` at the root).
    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A string, or `nil` when the field is absent (JSON `null` counts as absent, as in WireMock).
    static func string(_ value: Any?, at path: String) throws(StubError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw StubError(.invalid, field: path, reason: "must be a string") }
        return text
    }

    /// A whole number in `range`: a JSON number, or a string of decimal digits (`"2000"`),
    /// which WireMock's JSON reader converts too.
    static func integer(_ value: Any, at path: String, in range: ClosedRange<Int>) throws(StubError) -> Int {
        let number: Int?
        switch JSONValue(foundation: value) {
        case .number(let parsed)?: number = parsed.intValue
        case .string(let text)? where isWholeNumberText(text): number = Int(text)
        default: number = nil
        }
        guard let number, range.contains(number) else {
            throw StubError(.invalid, field: path, reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A finite number in `range`: a JSON number, or a string holding one (`"0.5"`), as WireMock
    /// reads it.
    static func number(_ value: Any, at path: String, in range: ClosedRange<Double>) throws(StubError) -> Double {
        let number: Double?
        switch JSONValue(foundation: value) {
        case .number(let parsed)?: number = parsed.doubleValue
        case .string(let text)? where text.utf8.count <= 40 && text.utf8.allSatisfy({ $0 > 32 }): number = Double(text)
        default: number = nil
        }
        guard let number, number.isFinite, range.contains(number) else {
            throw StubError(.invalid, field: path, reason: "must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Whether `text` is an optional `-` then 1 to 18 decimal digits (what a string given for a
    /// whole number may hold).
    private static func isWholeNumberText(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        return (1...18).contains(digits.count) && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// An object.
    static func object(_ value: Any, at path: String) throws(StubError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw StubError(.invalid, field: path, reason: "must be a JSON object") }
        return object
    }
}
