// TEMPORARY: lets `finish` (ServerCore+Handling.swift, being moved by the restructure) build
// until it records the typed outcome and the request detail itself. Removed after the merge.
extension RequestRecord {
    init(
        method: String, path: String, query: String, status: Int, bytes: Int, ms: Int,
        fault: String, connection: Int, started: Int, outcome: String
    ) {
        self.init(
            method: method, path: path, query: query, status: status, bytes: bytes, ms: ms, fault: fault,
            connection: connection, started: started, outcome: RequestOutcome(rawValue: outcome) ?? .error)
    }
}
