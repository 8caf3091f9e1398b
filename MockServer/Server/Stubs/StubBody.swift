public import Foundation

/// Where a stub's response body comes from (WireMock's `body`, `jsonBody`, `base64Body`,
/// `bodyFileName`; at most one of them).
public enum StubBody: Sendable, Hashable {
    /// No body.
    case none
    /// This text, as UTF-8 (`body`).
    case text(String)
    /// This JSON, serialized (`jsonBody`).
    case json(JSONValue)
    /// These bytes (`base64Body`).
    case bytes(Data)
    /// A file under the root directory's `__files/` (`bodyFileName`), read when served.
    case file(String)
}
