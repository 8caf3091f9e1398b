/// The zoo's registry: every variant, assembled from one fragment per format
/// (`Zoo/Formats/<FORMAT>Variants.swift`). The route, the catalog, `mockserver --help`, the
/// dashboard and the `zoo` gallery scenario all read this list, so a variant added to a fragment
/// appears everywhere.
enum ZooVariants {
    /// Every variant, by format (JPEG, PNG, GIF, WebP, AVIF, HEIC), each format's in its fragment's order.
    static let all: [ZooVariant] =
        JPEGVariants.all + PNGVariants.all + GIFVariants.all + WebPVariants.all + AVIFVariants.all + HEICVariants.all

    /// The variants of `format`, in registry order.
    static func of(_ format: ImageFileFormat) -> [ZooVariant] {
        all.filter { $0.format == format }
    }

    /// Whether `format` has a variant named `name` (a set lookup: the route asks on every request).
    static func hasVariant(_ name: String, of format: ImageFileFormat) -> Bool {
        names[format]?.contains(name) ?? false
    }

    /// The variant names of each format, as a set.
    private static let names: [ImageFileFormat: Set<String>] = Dictionary(grouping: all, by: \.format).mapValues { Set($0.map(\.name)) }

    /// The variant of `format` named `name`, if there is one.
    static func named(_ name: String, of format: ImageFileFormat) -> ZooVariant? {
        all.first { $0.format == format && $0.name == name }
    }
}
