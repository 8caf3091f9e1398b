import Foundation

/// The six image URLs of each `gallery.json` scenario.
enum Gallery {
    /// Paths and queries, in cell order.
    static func paths(_ scenario: GalleryScenario) -> [String] {
        switch scenario {
        case .default:
            return ["/images/1.png", "/images/2.jpg", "/images/3.png", "/images/4.jpg", "/images/5.png", "/images/6.jpg"]
        case .mixed:
            return [
                "/images/1.png",
                "/images/2.png?delay=3000",
                "/images/3.png?corrupt=1",
                "/images/missing-4.png",
                "/images/5.png?bytes=30000000",
                "/images/6.png?stall_after=1000",
            ]
        case .offlineFirst:
            return paths(.default)
        }
    }

    /// Absolute URLs on `base` (`http://host:port`).
    static func urls(_ scenario: GalleryScenario, base: String) -> [String] {
        let suffix = scenario == .offlineFirst ? "?scenario=offline-first" : ""
        return paths(scenario).map { base + $0 + suffix }
    }

    /// `{"images":[…]}`.
    static func json(_ urls: [String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["images": urls], options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }
}
