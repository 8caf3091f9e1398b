import Foundation

/// One request the comparison tests send to both servers, and what WireMock's documentation
/// (and real WireMock, checked by the same test) says comes back.
struct StubProbe: CustomStringConvertible {
    var method = "GET"
    var path: String
    var headers: [String] = []
    var body: Data?

    /// The expected status, 0 when no HTTP status arrives (a fault).
    var status = 200
    /// The expected body bytes; `nil` to leave the body unchecked (random data).
    var expectedBody: Data? = Data()
    /// Headers the mapping sets (names lowercased), compared between the servers as well.
    var expectedHeaders: [String: String] = [:]
    /// libcurl's result codes accepted (0: the transfer completed).
    var curlCodes: Set<Int> = [0]
    /// The body is a `jsonBody`: mockserver's is compared as JSON, not byte for byte (it writes
    /// the keys sorted, WireMock in the mapping's order; docs/STUBS.md lists the difference).
    var isJSONBody = false
    /// Compare the Content-Type too (not for faults, whose headers precede a broken body).
    var comparesContentType = true
    /// Bounds on the wall time, seconds: a tight lower bound, a generous upper one.
    var elapsed: ClosedRange<Double> = 0...5

    var description: String { "\(method) \(path)" }

    /// A probe whose expected body is `text` in UTF-8.
    init(
        _ method: String = "GET", _ path: String, headers: [String] = [], status: Int = 200, body text: String = "",
        expectedHeaders: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.status = status
        self.expectedBody = Data(text.utf8)
        self.expectedHeaders = expectedHeaders
    }
}
