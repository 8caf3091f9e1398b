/// What the matcher sees of a request.
///
/// A class: every part of every candidate stub reads it, and passing one reference costs less
/// than copying (retaining) each of its fields at each part (bench case 7's crowded path).
final class StubRequestInfo: Sendable {
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
    /// The body, for `bodyPatterns` (empty unless some stub has them).
    let body: StubRequestBody
    /// The header names lowercased once, in arrival order: a request is matched against many stubs.
    private let lowercasedNames: [String]

    init(
        method: String, path: String, query: QueryParameters, headers: [(name: String, value: String)],
        body: StubRequestBody = .empty
    ) {
        self.method = method
        self.body = body
        self.path = path
        self.query = query
        self.headers = headers
        let text = query.pairs.isEmpty ? "" : query.canonical
        pathAndQuery = text.isEmpty ? path : "\(path)?\(text)"
        lowercasedNames = headers.map { $0.name.lowercased() }
    }

    /// The values of query parameter `name` (a bare `?name` counts as an empty value).
    func queryValues(_ name: String) -> [String] {
        query.pairs.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// The values of header `name`, compared without regard to case.
    func headerValues(_ name: String) -> [String] {
        headerValues(lowercased: name.lowercased())
    }

    /// The values of the header whose lowercased name is `name`.
    func headerValues(lowercased name: String) -> [String] {
        var values: [String] = []
        for (index, lowercased) in lowercasedNames.enumerated() where lowercased == name { values.append(headers[index].value) }
        return values
    }
}
