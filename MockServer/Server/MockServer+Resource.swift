public import Foundation

extension MockServer {
    /// A resource the server serves, for building URLs without writing paths by hand.
    public enum Resource: Sendable, Hashable {
        /// `/health`.
        case health
        /// `/gallery.json?scenario=NAME`.
        case gallery(GalleryScenario)
        /// `/images/N.png` (or `.jpg`), at the default size unless `width`/`height` are given.
        case image(Int, format: ImageFileType = .png, width: Int? = nil, height: Int? = nil)
        /// `/avatars/NAME.png`.
        case avatar(String)
        /// Any other path (it may carry its own query: `/1.1/search/tweets.json?q=swift`).
        case path(String)

        /// The path and the resource's own query items.
        var pathAndItems: (path: String, items: [URLQueryItem]) {
            switch self {
            case .health: return ("/health", [])
            case .gallery(let scenario): return ("/gallery.json", [URLQueryItem(name: "scenario", value: scenario.rawValue)])
            case .image(let number, let format, let width, let height):
                var items: [URLQueryItem] = []
                if let width { items.append(URLQueryItem(name: "w", value: String(width))) }
                if let height { items.append(URLQueryItem(name: "h", value: String(height))) }
                return ("/images/\(number).\(format.rawValue)", items)
            case .avatar(let name): return ("/avatars/\(name).png", [])
            case .path(let path): return (path, [])
            }
        }
    }

    /// The file type of a generated image.
    public enum ImageFileType: String, Sendable, Hashable, CaseIterable {
        /// `/images/N.png`.
        case png
        /// `/images/N.jpg`.
        case jpg
    }

    /// An absolute URL on the main port for `resource` with `faults` applied, in the order
    /// given (their order of application is the fault table's, whatever the order here):
    /// `server.url(.image(1), faults: [.delay(.milliseconds(500)), .drip(bytesPerSecond: 20_000)])`
    /// is `http://127.0.0.1:PORT/images/1.png?fault.delay=500&fault.drip=20000`.
    ///
    /// The faults are always written with the `fault.` prefix (``Fault/prefixedQueryItem``):
    /// that spelling is a fault on every path, where a bare `delay=500` is one only on the
    /// built-in catalog's routes; on a path a stub answers, bare parameters are the app's. So a
    /// URL built here means the same whether the catalog or a stub answers it.
    public func url(_ resource: Resource, faults: [Fault] = []) -> URL {
        let (path, items) = resource.pathAndItems
        var components = URLComponents()
        components.scheme = baseURL.scheme
        components.host = baseURL.host
        components.port = baseURL.port
        components.path = ""
        // The path may carry its own query (`.path("/x?y=1")`): keep it, then add ours.
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        components.percentEncodedPath = String(parts[0])
        var all = parts.count > 1 ? (URLComponents(string: "/?" + parts[1])?.queryItems ?? []) : []
        all += items + faults.map(\.prefixedQueryItem)
        if !all.isEmpty { components.queryItems = all }
        return components.url ?? baseURL
    }
}
