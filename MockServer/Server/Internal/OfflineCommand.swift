import Foundation

/// The body of `POST /__admin/offline`, `{"offline": true|false}`, read on its own so the fuzz
/// harness can feed it any bytes.
///
/// Decoded strictly: `JSONSerialization` would hand over `1` or `0` as an `NSNumber` that casts
/// to `Bool`, so `{"offline": 1}` switched the server off; only JSON `true`/`false` may.
enum OfflineCommand {
    /// The switch's new value, or `nil` when `body` is not a JSON object whose `offline` is a boolean.
    static func value(in body: Data) -> Bool? {
        (try? JSONDecoder().decode(Body.self, from: body))?.offline
    }

    private struct Body: Decodable {
        let offline: Bool
    }
}
