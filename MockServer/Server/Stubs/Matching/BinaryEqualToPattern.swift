import Foundation

/// `{"binaryEqualTo": "AAEC/w=="}`: exactly these bytes, given in base64. On a body it compares
/// the bytes as sent, so a body that is not UTF-8 matches too; on a header or parameter, the
/// value's UTF-8 bytes.
struct BinaryEqualToPattern: StringValuePattern {
    static let operatorName = "binaryEqualTo"

    /// The bytes expected.
    let expected: Data

    /// A pattern for exactly `expected`.
    init(_ expected: Data) { self.expected = expected }

    init(json object: [String: Any], at path: String) throws(StubError) {
        guard let bytes = Data(base64Encoded: try Self.operand(object, at: path)) else {
            throw StubError(.invalid, field: StubParser.join(path, Self.operatorName), reason: "must be base64")
        }
        self.init(bytes)
    }

    func match(_ value: String?) -> MatchResult { MatchResult(value.map { Data($0.utf8) == expected } ?? false) }
    func match(body: StubRequestBody) -> MatchResult { MatchResult(body.bytes == expected) }

    var expectedText: String { expected.base64EncodedString() }
    var json: JSONValue { .object([Self.operatorName: .string(expected.base64EncodedString())]) }
}
