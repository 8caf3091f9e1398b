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

    init(method: String, path: String, query: QueryParameters, headers: [(name: String, value: String)]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        let text = query.canonical
        pathAndQuery = text.isEmpty ? path : "\(path)?\(text)"
    }

    /// The values of query parameter `name` (a bare `?name` counts as an empty value).
    func queryValues(_ name: String) -> [String] {
        query.pairs.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// The values of header `name`, compared without regard to case.
    func headerValues(_ name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }
}
