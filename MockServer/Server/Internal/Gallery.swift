import Foundation

/// The six image URLs of each `gallery.json` scenario.
enum Gallery {
    /// Images a page of the `zoo` scenario.
    static let zooPageSize = 6

    /// Paths and queries, in cell order; `page` (from 1) matters only for `zoo`.
    static func paths(_ scenario: GalleryScenario, page: Int = 1) -> [String] {
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
        case .zoo:
            // Variant i (in registry order) is image i + 1, so no two share a cache entry.
            let start = (page - 1) * zooPageSize
            guard page >= 1, start < ZooVariants.all.count else { return [] }
            return ZooVariants.all.indices[start..<min(start + zooPageSize, ZooVariants.all.count)].map { index in
                ZooVariants.all[index].path(number: index + 1)
            }
        }
    }

    /// Pages of the `zoo` scenario.
    static var zooPages: Int { (ZooVariants.all.count + zooPageSize - 1) / zooPageSize }

    /// Absolute URLs on `base` (`http://host:port`).
    static func urls(_ scenario: GalleryScenario, page: Int = 1, base: String) -> [String] {
        let suffix = scenario == .offlineFirst ? "?scenario=offline-first" : ""
        return paths(scenario, page: page).map { base + $0 + suffix }
    }

    /// `{"images":[…]}`.
    static func json(_ urls: [String]) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["images": urls], options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// A `zoo` page: `{"images":[…],"captions":[{"title","advice"}…],"page":K,"pages":N}`, one
    /// caption per image (`jpg exif-6` and the catalog's advice), so a gallery can show what each
    /// cell is and page through the rest. `empty` leaves images and captions out, as for any list.
    static func zooJSON(page: Int, base: String, empty: Bool) -> Data {
        let start = (page - 1) * zooPageSize
        let indices = empty || page < 1 || start >= ZooVariants.all.count
            ? [] : Array(start..<min(start + zooPageSize, ZooVariants.all.count))
        let object: [String: Any] = [
            "images": indices.map { base + ZooVariants.all[$0].path(number: $0 + 1) },
            "captions": indices.map { index -> [String: String] in
                let variant = ZooVariants.all[index]
                return ["title": "\(variant.format.fileExtension) \(variant.name)", "advice": variant.advice]
            },
            "page": page, "pages": zooPages,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
