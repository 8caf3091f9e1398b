import Foundation
import Synchronization

/// A request's body as the body patterns see it: its bytes (up to ``matchLimit``), its text, and
/// its JSON, each worked out once per request however many stubs look at it.
///
/// Kept apart from the journal's copy (``RequestRecord/bodyLimit``, 64 KB) and only collected
/// while some stub has `bodyPatterns` (``StubStore/needsBodies``), so requests to the catalog
/// never pay for it. A body longer than ``matchLimit`` is not kept: no body pattern matches it,
/// and the near-miss report says why.
final class StubRequestBody: Sendable {
    /// The most bytes kept for matching: 10 MB.
    static let matchLimit = 10 * 1024 * 1024
    /// No body (or none collected).
    static let empty = StubRequestBody(Data(), isOverLimit: false)

    /// The bytes, as sent.
    let bytes: Data
    /// The body was longer than ``matchLimit`` (``bytes`` is then empty).
    let isOverLimit: Bool

    private let decodedText = Mutex<String??>(nil)
    private let parsedJSON = Mutex<JSONTree??>(nil)
    private let parsedValue = Mutex<JSONValue??>(nil)

    /// A body of `bytes`; `isOverLimit` when more arrived than ``matchLimit``.
    init(_ bytes: Data, isOverLimit: Bool) {
        self.bytes = isOverLimit ? Data() : bytes
        self.isOverLimit = isOverLimit
    }

    /// The body as UTF-8 text (invalid sequences replaced), `nil` when it is empty: WireMock
    /// hands its text patterns no value for an empty body, so `absent` matches it and
    /// `equalTo: ""` does not.
    var text: String? {
        decodedText.withLock { cached in
            if let cached { return cached }
            let text: String? = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            cached = .some(text)
            return text
        }
    }

    /// The body read as JSON, `nil` when it is not JSON: ``jsonValue``'s one parse, as the
    /// `equalToJson` comparison's tree.
    var json: JSONTree? {
        parsedJSON.withLock { cached in
            if let cached { return cached }
            let tree = jsonValue.map(JSONTree.init)
            cached = .some(tree)
            return tree
        }
    }

    /// The body read by ``JSONReader`` (numbers exact, comments allowed, 512 levels at most) for
    /// `matchesJsonPath` (and ``json``); `nil` when it is not JSON or starts with `<` (WireMock does not try an
    /// XML body). Read once per request however many stubs query it.
    var jsonValue: JSONValue? {
        parsedValue.withLock { cached in
            if let cached { return cached }
            let start = bytes.firstIndex { !(" \t\r\n" as String).utf8.contains($0) }
            let value = start.flatMap { bytes[$0] == UInt8(ascii: "<") ? nil : try? JSONReader.parse(bytes, options: .requestBody) }
            cached = .some(value)
            return value
        }
    }

    /// Why no body pattern can match, when none can (the near-miss report's wording).
    var refusal: String? {
        isOverLimit ? "the body is over \(Self.matchLimit / (1024 * 1024)) MB, the most kept for matching" : nil
    }
}

extension StubRequestBody {
    /// Whether the body's bytes contain `part`'s UTF-8 bytes (Java's `String.contains`, code
    /// unit by code unit), ``Data/containsBytes(of:)``.
    func contains(_ part: String) -> Bool { bytes.containsBytes(of: Array(part.utf8)) }
}

extension Data {
    /// Whether `needle` occurs in these bytes: `memchr` to each candidate first byte, then
    /// `memcmp`, so 10 MB cost about a millisecond.
    func containsBytes(of needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
            let last = haystack.count - needle.count
            var offset = 0
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                offset = base.distance(to: UnsafeRawPointer(hit))
                if needle.withUnsafeBytes({ memcmp(base + offset, $0.baseAddress!, needle.count) }) == 0 { return true }
                offset += 1
            }
            return false
        }
    }
}
