import Foundation

/// `GET /__admin/catalog`: what the server serves, machine-readable, with example URLs.
enum Catalog {
    /// One row of the catalog.
    struct Item {
        let name: String
        let valid: String
        let description: String
        let example: String
    }

    static var endpoints: [Item] { fixedEndpoints + [zooEndpoint] }

    /// The zoo's route, with the variant names of the registry.
    static var zooEndpoint: Item {
        Item(name: "GET /images/N.<ext>?variant=NAME", valid: "N, w, h as for /images/N.png; " + ImageZoo.namesByFormat,
             description: "the image zoo: the same picture, made by another encoder or its awkward cases (see zoo)",
             example: "/images/1.jpg?variant=exif-6")
    }

    private static let fixedEndpoints: [Item] = [
        Item(name: "GET /health", valid: "", description: "200 ok", example: "/health"),
        Item(name: "GET /gallery.json", valid: "scenario: default, mixed, offline-first, zoo (with page=K, six variants a page, each with a caption: name and advice; page and pages given)",
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

    /// The fault table's rows (``Fault/Name``), in their order of application.
    static var faults: [Item] {
        Fault.Name.allCases.map { Item(name: $0.rawValue, valid: $0.valid, description: $0.help, example: $0.example) }
    }

    static let admin: [Item] = [
        Item(name: "POST /__admin/offline", valid: "{\"offline\": true|false}",
             description: "close the main port (connections refused) or reopen it; the admin port stays up", example: "/__admin/offline"),
        Item(name: "GET /__admin/offline", valid: "", description: "{\"offline\": bool}", example: "/__admin/offline"),
        Item(name: "GET /__admin/requests", valid: "", description: "the request journal, oldest first (10,000 at most)", example: "/__admin/requests"),
        Item(name: "GET /__admin/events", valid: "",
             description: "server-sent events: a snapshot of the journal and the offline state, then new requests as they end",
             example: "/__admin/events"),
        Item(name: "POST /__admin/try", valid: "{\"url\": \"<main port URL>\", \"timeout\": ms}",
             description: "the server fetches one URL of its own main port and says what came back (status, bytes, ms, outcome)",
             example: "/__admin/try"),
        Item(name: "GET / (admin port)", valid: "", description: "the dashboard, a web page over this API", example: "/"),
        Item(name: "POST /__admin/reset", valid: "", description: "clear the journal and the flaky and fail_rate counters", example: "/__admin/reset"),
        Item(name: "GET /__admin/catalog", valid: "", description: "this catalog", example: "/__admin/catalog"),
        Item(name: "GET /__admin/ca.pem", valid: "",
             description: "the CA certificate behind the HTTPS port (--tls-port): trust it once in a simulator, device or browser",
             example: "/__admin/ca.pem"),
    ]

    /// What the blackhole row says.
    static let blackholeDescription =
        "connect() never completes here (a full listen queue, never accepted): the client's own connect timeout fires (curl 28), unlike the offline switch's immediate refusal (curl 7)"

    /// The catalog with absolute examples (`adminBase` for admin rows when there is an admin port;
    /// `blackhole`, the blackhole's URL, while it is open); `bind` names the addresses the
    /// listeners are bound to (`main`, `admin`).
    static func json(
        base: String, adminBase: String?, blackhole: String? = nil, bind: [String: String] = [:], https: HTTPSCatalog? = nil
    ) -> Data {
        func rows(_ items: [Item], key: String, base: String) -> [[String: String]] {
            items.map { [key: $0.name, "valid": $0.valid, "description": $0.description, "example": base + $0.example] }
        }
        let scenarios = GalleryScenario.allCases.map { scenario -> [String: Any] in
            ["name": scenario.rawValue, "example": base + "/gallery.json?scenario=\(scenario.rawValue)",
             "images": Gallery.urls(scenario, base: base)]
        }
        var object: [String: Any] = [
            "baseURL": base,
            "adminURL": adminBase ?? base,
            "endpoints": rows(endpoints, key: "endpoint", base: base),
            "faults": Fault.Name.allCases.map { $0.catalogRow(base: base) },
            "scenarios": scenarios,
            "zoo": ImageZoo.catalogRows(base: base),
            "admin": rows(admin, key: "endpoint", base: adminBase ?? base),
            "order": Fault.Name.order,
            "bind": bind,
        ]
        if let blackhole {
            object["blackholeURL"] = blackhole
            object["blackhole"] = ["url": blackhole, "description": blackholeDescription]
        }
        if let https { object["https"] = https.jsonObject }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The catalog as text lines for the CLI's start-up banner.
    static func text(base: String, adminBase: String?, blackhole: String? = nil, https: HTTPSCatalog? = nil) -> String {
        var lines = ["Endpoints:"]
        lines += endpoints.map { "  \($0.name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(base)\($0.example)" }
        lines.append("Faults (any path, combinable):")
        lines += faults.map { "  ?\($0.name.padding(toLength: Fault.Name.nameWidth, withPad: " ", startingAt: 0)) \($0.description)  e.g. \(base)\($0.example)" }
        lines.append("Gallery scenarios: " + GalleryScenario.allCases.map { "\(base)/gallery.json?scenario=\($0.rawValue)" }.joined(separator: "  "))
        lines.append("Image zoo (mockserver --help lists what a good loader does with each): " + ImageZoo.namesByFormat)
        if let blackhole { lines.append("Blackhole: \(blackhole)  \(blackholeDescription)") }
        if let https { lines += https.textLines }
        lines.append("Admin:")
        lines += admin.map { "  \($0.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \($0.description)" }
        return lines.joined(separator: "\n")
    }
}
