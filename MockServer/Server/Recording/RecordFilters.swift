import Foundation

/// A recording's `filters`: a WireMock request pattern (`urlPathPattern`, `method`, `headers`…)
/// an exchange must match to be recorded, `ids` (a snapshot: only these journal entries), and
/// `ignoreRepeatRequests` (only the first of identical requests).
struct RecordFilters: Sendable {
    /// The request pattern, as a one-stub store (the stubs' matcher decides); `nil`: any request.
    let pattern: StubStore?
    /// For a snapshot: only the journal entries with these ids.
    let ids: Set<UUID>?
    /// Whether only the first of identical requests is recorded.
    let ignoreRepeatRequests: Bool

    /// The filters of a `filters` object.
    init(_ object: [String: Any]) throws(StubError) {
        var request = object
        request.removeValue(forKey: "ids")
        request.removeValue(forKey: "ignoreRepeatRequests")
        request.removeValue(forKey: "allowNonProxied")
        ignoreRepeatRequests = try RecordSpec.flag(object["ignoreRepeatRequests"], at: "filters.ignoreRepeatRequests") ?? false
        _ = try RecordSpec.flag(object["allowNonProxied"], at: "filters.allowNonProxied")
        if let list = object["ids"], !(list is NSNull) {
            guard let texts = list as? [Any] else { throw StubError(.invalid, field: "filters.ids", reason: "must be an array of UUIDs") }
            var ids: Set<UUID> = []
            for (index, text) in texts.enumerated() {
                guard let text = text as? String, let id = UUID(uuidString: text) else {
                    throw StubError(.invalid, field: "filters.ids[\(index)]", reason: "must be a UUID")
                }
                ids.insert(id)
            }
            self.ids = ids
        } else {
            ids = nil
        }
        guard !request.isEmpty else {
            pattern = nil
            return
        }
        let parsed = try StubParser.request(request, at: "filters")
        let store = StubStore()
        try store.add(Stub(request: parsed, response: StubResponse()))
        pattern = store
    }

    /// Whether the request pattern lets `request` be recorded.
    func admits(_ request: ProxiedRequest) -> Bool {
        guard let pattern else { return true }
        if case .matched = pattern.match(request.matchInfo) { return true }
        return false
    }
}

extension ProxiedRequest {
    /// What the stubs' matcher sees of this request.
    var matchInfo: StubRequestInfo {
        let components = URLComponents(string: url)
        let pairs = (components?.queryItems ?? []).map { (name: $0.name, value: $0.value) }
        let path = components?.path ?? String(url.prefix { $0 != "?" })
        return StubRequestInfo(
            method: method, path: path.isEmpty ? "/" : path, query: QueryParameters(pairs: pairs),
            headers: headers.map { (name: $0.name, value: $0.value) }, rawURL: url,
            body: body.isEmpty ? .empty : StubRequestBody(body, isOverLimit: bodySize > body.count))
    }
}
