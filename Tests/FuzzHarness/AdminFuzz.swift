import Foundation
@testable import MockServer

/// Reads the bytes as a `POST /__admin/offline` body: the switch turns only for a JSON object
/// (checked with `JSONSerialization`, a second parser) whose `offline` is the literal `true` or
/// `false`, never for `1`, `"true"` or anything else.
enum AdminFuzz {
    static func check(_ data: Data) -> String? {
        guard let value = OfflineCommand.value(in: data) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let raw = object["offline"] else {
            return "the switch read \(value) from a body that is not a JSON object with `offline`"
        }
        let text = String(decoding: data, as: UTF8.self)
        guard raw is Bool || raw is NSNumber, text.contains(value ? "true" : "false") else {
            return "the switch read \(value) from `offline`: \(raw)"
        }
        return nil
    }
}
