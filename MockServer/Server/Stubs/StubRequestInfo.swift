/// What the matcher sees of a request.
struct StubRequestInfo: Sendable {
    /// The method, as sent.
    let method: String
    /// The decoded path.
    let path: String
    /// The decoded query.
    let query: QueryParameters
    /// The headers, in arrival order.
    let headers: [(name: String, value: String)]
    /// The path, then `?` and the query when there is one (what `url` and `urlPattern` see).
    let pathAndQuery: String
    /// The header values by lowercased name, built once: a request is matched against many stubs.
    private let valuesByHeader: [String: [String]]

    init(method: String, path: String, query: QueryParameters, headers: [(name: String, value: String)]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        let text = query.canonical
        pathAndQuery = text.isEmpty ? path : "\(path)?\(text)"
        var values: [String: [String]] = [:]
        for header in headers { values[header.name.lowercased(), default: []].append(header.value) }
        valuesByHeader = values
    }

    /// The values of query parameter `name` (a bare `?name` counts as an empty value).
    func queryValues(_ name: String) -> [String] {
        query.pairs.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// The values of header `name`, compared without regard to case.
    func headerValues(_ name: String) -> [String] {
        valuesByHeader[name.lowercased()] ?? []
    }
}
