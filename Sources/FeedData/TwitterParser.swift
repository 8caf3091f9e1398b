public import Foundation

/// Reads a Twitter answer into a ``TwitterPage``, for each ``TwitterFormat``.
///
/// Decoding is `JSONDecoder` over private `Decodable` shapes, one set per format. Only what a
/// ``Tweet`` needs is required (id, text, date, author); every other field may be absent. Ids are
/// read from their string form (`id_str`, v2 string ids), a numeric `id` only when there is no
/// string form, and never through a `Double`; an id is positive, whole and written without a
/// leading zero. Tweet text comes HTML-escaped from both API versions (`&amp;`, `&lt;`, `&gt;`)
/// and is unescaped once; names are not escaped by the API and are kept as sent. Any problem
/// is a ``FeedParseError`` naming the JSON path that failed, e.g. `$.statuses[2].created_at`;
/// this never traps, whatever the bytes.
public enum TwitterParser {
    /// Parses `data` as an answer in `format`.
    ///
    /// - Throws: ``FeedParseError`` with the failing path (`$` for a body that is empty, not
    ///   UTF-8, not JSON or cut short) and one sentence saying what is wrong there.
    public static func parse(_ data: Data, as format: TwitterFormat) throws(FeedParseError) -> TwitterPage {
        if data.isEmpty { throw FeedParseError(path: "$", reason: "the body is empty") }
        guard String(validating: data, as: UTF8.self) != nil else {
            throw FeedParseError(path: "$", reason: "the body is not valid UTF-8 text")
        }
        let decoder = JSONDecoder()
        do {
            switch format {
            case .v11Search: return TwitterPage(tweets: try decodeV11Search(data, with: decoder))
            case .v11UserTimeline: return TwitterPage(tweets: try decodeV11UserTimeline(data, with: decoder))
            case .v2RecentSearch: return TwitterPage(tweets: try decodeV2RecentSearch(data, with: decoder))
            }
        } catch let error as FeedParseError {
            throw error
        } catch let error as DecodingError {
            throw parseError(for: error, in: data, with: decoder)
        } catch {
            throw FeedParseError(path: "$", reason: "the body could not be read (\(type(of: error)))")
        }
    }

    /// The ``FeedParseError`` for a `DecodingError`: its coding path as a JSON path, and a reason.
    private static func parseError(for error: DecodingError, in data: Data, with decoder: JSONDecoder) -> FeedParseError {
        switch error {
        case .keyNotFound(let key, let context):
            return FeedParseError(path: jsonPath(context.codingPath + [key]), reason: "missing")
        case .valueNotFound(let type, let context):
            return FeedParseError(path: jsonPath(context.codingPath), reason: "expected \(describe(type)), found null")
        case .typeMismatch(let type, let context):
            let found = (try? decoder.decode(JSONShape.self, from: data))?.value(at: context.codingPath)
            let reason = "expected \(describe(type)), found \(found?.article ?? "another kind of value")"
            return FeedParseError(path: jsonPath(context.codingPath), reason: reason)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return FeedParseError(path: "$", reason: "not valid JSON (malformed or cut short)")
            }
            return FeedParseError(path: jsonPath(context.codingPath), reason: "unreadable value")
        @unknown default:
            return FeedParseError(path: "$", reason: "the body could not be decoded")
        }
    }

    /// `a string`, `a number`, `an object`… for the type a decode expected.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int64.Type, is UInt64.Type, is Int.Type, is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        default:
            // Arrays of our shapes are `Array<…>`; keyed containers report a dictionary type.
            let name = String(describing: type)
            if name.hasPrefix("Array<") { return "an array" }
            return "an object"
        }
    }

    /// `codingPath` as a JSON path from the root: `$`, `$.statuses[3].user.id_str`.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else if !key.stringValue.isEmpty, key.stringValue.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                path += "." + key.stringValue
            } else {
                let escaped = key.stringValue.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                path += "[\"\(escaped)\"]"
            }
        }
        return path
    }
}
