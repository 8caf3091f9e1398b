import Foundation

/// One event for the page's stream (`text/event-stream`): a name and one JSON object.
struct ServerSentEvent: Sendable, Hashable {
    /// The event's name (`gallery.update`, `nav`, …): the page's listener key.
    let name: String
    /// The payload, JSON without line breaks.
    let json: String
    /// The event's id (`id:`), which the browser sends back as `Last-Event-ID` when it reconnects.
    let id: String?

    /// An event `name` carrying `payload` as JSON, with `id` when given (no line breaks in it).
    init(_ name: String, _ payload: some Encodable, id: String? = nil) {
        self.name = name
        self.id = id.map { $0.filter { !$0.isNewline } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding our own payload types cannot fail; an empty object keeps the stream valid if it did.
        let data = (try? encoder.encode(payload)) ?? Data("{}".utf8)
        json = String(decoding: data, as: UTF8.self)
    }

    /// The event as it goes on the wire. JSONEncoder escapes line breaks inside strings, so the
    /// payload is one `data:` line; a stray one is split into several, as the format asks.
    var frame: String {
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return (id.map { "id: \($0)\n" } ?? "") + "event: \(name)\n" + lines.joined(separator: "\n") + "\n\n"
    }

    /// A comment line that keeps idle proxies and the browser from closing the stream.
    static let keepAlive = ": ping\n\n"
}

/// An empty JSON object, for events that carry nothing.
struct EmptyPayload: Encodable, Sendable {}

/// `{"text": …}` where the text is always present, `null` when there is none (a hidden banner or
/// message line), so the page never has to tell "absent" from "cleared".
struct TextPayload: Encodable, Sendable {
    let text: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
    }

    private enum CodingKeys: String, CodingKey { case text }
}
