import Foundation

/// MockServer's query-string faults on stubs: those of `metadata.testbed.faults` and those of
/// the request's own query, read with the same fault table.
enum StubFaults {
    /// `a=1&b=2` split into decoded pairs (`+` stays a plus, as libmicrohttpd leaves it).
    static func query(_ text: String) -> QueryParameters {
        let pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { part -> (name: String, value: String?) in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pieces[0]).removingPercentEncoding ?? String(pieces[0])
            let value = pieces.count > 1 ? (String(pieces[1]).removingPercentEncoding ?? String(pieces[1])) : nil
            return (name, value)
        }
        return QueryParameters(pairs: pairs)
    }

    /// The stub's faults, then the request's: a parameter in the request's query wins over the
    /// same one in the stub's metadata.
    static func combined(stub: String?, request: QueryParameters) -> QueryParameters {
        guard let stub, !stub.isEmpty else { return request }
        return QueryParameters(pairs: query(stub).pairs + request.pairs)
    }
}
