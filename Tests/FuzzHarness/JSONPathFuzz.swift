import Foundation
@testable import MockServer

/// Reads the bytes as a JSONPath query (the first line) and a JSON document (the rest): the
/// reader either refuses the document with a line and column, or gives a value whose text reads
/// back as the same value; the query compiles or is refused with its position, in both
/// dialects; and a compiled query ends over the document with nodes or its work limit.
enum JSONPathFuzz {
    static func check(_ data: Data) -> String? {
        let newline = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        let query = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
        let documentBytes = newline < data.endIndex ? data[data.index(after: newline)...] : Data()
        var document = JSONValue.null
        do {
            document = try JSONReader.parse(Data(documentBytes))
            guard let again = try? JSONReader.parse(document.text), again == document else {
                return "the document does not read back as itself from its own text: \(document.text.prefix(200))"
            }
        } catch {
            if error.line < 1 || error.column < 1 || error.reason.isEmpty { return "a refusal without a place or a reason: \(error)" }
        }
        for dialect in [JSONPath.Dialect.rfc9535, .jayway] {
            do {
                let path = try JSONPath(query, dialect: dialect)
                _ = try path.evaluate(document)
            } catch .syntax(let reason, let offset) {
                if reason.isEmpty || offset < 0 || offset > query.unicodeScalars.count { return "a syntax error out of place: \(reason) at \(offset)" }
            } catch {
                // The work limit is a good answer to a query that would run too long.
            }
        }
        return nil
    }
}
