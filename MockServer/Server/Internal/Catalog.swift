import Foundation

/// `GET /__admin/scenarios`: what the server serves, machine-readable, with example URLs.
enum Catalog {
    /// One row of the catalog.
    struct Item {
        let name: String
        let valid: String
        let description: String
        let example: String
    }

    static let endpoints: [Item] = [
        Item(name: "GET /health", valid: "", description: "200 ok", example: "/health"),
        Item(name: "GET /gallery.json", valid: "scenario: default, mixed, offline-first",
             description: "{\"images\":[6 absolute URLs]}", example: "/gallery.json?scenario=mixed"),
        Item(name: "GET /images/N.png, /images/N.jpg", valid: "N: 1...1000000; w, h: 1...20000 (default 1024x768)",
             description: "generated image N, the same bytes in every run", example: "/images/1.png?w=800&h=600"),
        Item(name: "GET /avatars/NAME.png", valid: "NAME: letters, digits, _ and -",
             description: "73x73 generated avatar", example: "/avatars/testbed_news.png"),
        Item(name: "GET /1.1/search/tweets.json", valid: "q (required), count: 1...100, since_id, max_id",
             description: "Twitter v1.1 search; needs Authorization: Bearer <token>", example: "/1.1/search/tweets.json?q=swift&count=20"),
        Item(name: "GET /1.1/statuses/user_timeline.json", valid: "screen_name (required), count: 1...200, since_id, max_id",
             description: "Twitter v1.1 user timeline (array); unknown screen_name is a 404; needs the token",
             example: "/1.1/statuses/user_timeline.json?screen_name=\(TweetTimeline.users[0].screenName)"),
        Item(name: "GET /2/tweets/search/recent", valid: "query (required), max_results: 10...100, since_id",
             description: "Twitter v2 recent search with includes.users; needs the token",
             example: "/2/tweets/search/recent?query=swift&expansions=author_id"),
    ]

    static let faults: [Item] = [
        Item(name: "reset", valid: "1 or 0", description: "close the connection with a TCP RST, no response", example: "/images/1.png?reset=1"),
        Item(name: "delay", valid: "0...3600000 (ms)", description: "wait before the status line", example: "/images/1.png?delay=2000"),
        Item(name: "flaky", valid: "0...1000000", description: "the first K requests for this URL get a 500 (reset by POST /__admin/reset; 10,000 URLs counted, least recently requested forgotten first, then counted from zero)",
             example: "/images/1.png?flaky=2"),
        Item(name: "status", valid: "200...599", description: "answer with this status (429 adds x-rate-limit-reset)", example: "/images/1.png?status=503"),
        Item(name: "type", valid: "a media type", description: "answer with this Content-Type", example: "/images/1.png?type=text/html"),
        Item(name: "bytes", valid: "0...10000000000", description: "body exactly N bytes: the resource, then zero filler (or cut)",
             example: "/images/1.png?bytes=30000000"),
        Item(name: "corrupt", valid: "1 or 0", description: "same length and type, image data no decoder accepts", example: "/images/1.png?corrupt=1"),
        Item(name: "malformed", valid: "1 or 0", description: "invalid JSON (JSON endpoints only)", example: "/gallery.json?malformed=1"),
        Item(name: "empty", valid: "1 or 0", description: "an empty result (JSON endpoints only)", example: "/gallery.json?empty=1"),
        Item(name: "truncate", valid: "0...10000000000", description: "full Content-Length, body cut after N bytes, connection closed",
             example: "/images/1.png?truncate=1000"),
        Item(name: "stall_after", valid: "0...10000000000", description: "send N body bytes, then nothing until the client leaves",
             example: "/images/1.png?stall_after=1000"),
        Item(name: "drip", valid: "0...1000000000 (bytes/s; 0 = unpaced)", description: "pace the body, in steps of at most 100 ms",
             example: "/images/1.png?drip=100000"),
        Item(name: "chunked", valid: "1 or 0", description: "chunked transfer encoding, no Content-Length (size limits must be enforced while streaming); HEAD gets the Content-Length instead",
             example: "/images/1.png?bytes=30000000&chunked=1"),
    ]

    static let admin: [Item] = [
        Item(name: "POST /__admin/offline", valid: "{\"offline\": true|false}",
             description: "close the main port (connections refused) or reopen it; the admin port stays up", example: "/__admin/offline"),
        Item(name: "GET /__admin/offline", valid: "", description: "{\"offline\": bool}", example: "/__admin/offline"),
        Item(name: "GET /__admin/requests", valid: "", description: "the request journal, oldest first (10,000 at most)", example: "/__admin/requests"),
        Item(name: "POST /__admin/reset", valid: "", description: "clear the journal and the flaky counters", example: "/__admin/reset"),
        Item(name: "GET /__admin/scenarios", valid: "", description: "this catalog", example: "/__admin/scenarios"),
    ]

    /// The catalog with absolute examples (`adminBase` for admin rows when there is an admin port).
    static func json(base: String, adminBase: String?) -> Data {
        func rows(_ items: [Item], key: String, base: String) -> [[String: String]] {
            items.map { [key: $0.name, "valid": $0.valid, "description": $0.description, "example": base + $0.example] }
        }
        let scenarios = GalleryScenario.allCases.map { scenario -> [String: Any] in
            ["name": scenario.rawValue, "example": base + "/gallery.json?scenario=\(scenario.rawValue)",
             "images": Gallery.urls(scenario, base: base)]
        }
        let object: [String: Any] = [
            "baseURL": base,
            "adminURL": adminBase ?? base,
            "endpoints": rows(endpoints, key: "endpoint", base: base),
            "faults": rows(faults, key: "parameter", base: base),
            "scenarios": scenarios,
            "admin": rows(admin, key: "endpoint", base: adminBase ?? base),
            "order": "reset, delay, flaky, status, then type, bytes, corrupt, malformed/empty, then truncate, stall_after, drip (and chunked) on the wire",
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The catalog as text lines for the CLI's start-up banner.
    static func text(base: String, adminBase: String?) -> String {
        var lines = ["Endpoints:"]
        lines += endpoints.map { "  \($0.name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(base)\($0.example)" }
        lines.append("Faults (any path, combinable):")
        lines += faults.map { "  ?\($0.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.description)  e.g. \(base)\($0.example)" }
        lines.append("Gallery scenarios: " + GalleryScenario.allCases.map { "\(base)/gallery.json?scenario=\($0.rawValue)" }.joined(separator: "  "))
        lines.append("Admin:")
        lines += admin.map { "  \($0.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \($0.description)" }
        return lines.joined(separator: "\n")
    }
}
