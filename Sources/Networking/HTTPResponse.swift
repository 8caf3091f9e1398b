public import Foundation

/// A complete HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The URL that answered (after redirects).
    public let url: URL
    /// HTTP status code.
    public let status: Int
    /// Response headers, names lowercased.
    public let headers: [String: String]
    /// The whole body.
    public let body: Data

    /// Creates a response; header names are lowercased.
    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.url = url
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of header `name`, case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
