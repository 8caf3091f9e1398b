/// The image zoo as a checklist: every awkward image the server makes on demand
/// (`GET /images/N.<ext>?variant=NAME`) and what a good loader does with it. `mockserver --help`
/// prints ``textTable``; `GET /__admin/catalog` lists the same rows under `zoo`.
public enum ImageZoo {
    /// One line per variant: its extension and name (`/images/N.<ext>?variant=NAME`) and what a
    /// good loader does with it; the catalog says what each file is.
    public static var textTable: String {
        let width = ZooVariants.all.map { $0.name.count }.max() ?? 0
        return ZooVariants.all.map { variant in
            "\(variant.format.fileExtension.padding(toLength: 5, withPad: " ", startingAt: 0))"
                + "\(variant.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(variant.advice)"
        }.joined(separator: "\n")
    }

    /// The variants' rows for the catalog's JSON: format, variant, summary, advice and an example
    /// URL on `base`.
    static func catalogRows(base: String) -> [[String: String]] {
        ZooVariants.all.map { variant in
            [
                "format": variant.format.fileExtension, "variant": variant.name, "summary": variant.summary,
                "advice": variant.advice, "example": base + variant.path(number: 1),
            ]
        }
    }

    /// The extensions with variants and each one's names, for the catalog's route row.
    static var namesByFormat: String {
        ImageFileFormat.allCases.compactMap { format in
            let names = ZooVariants.of(format).map(\.name)
            return names.isEmpty ? nil : "\(format.fileExtension): \(names.joined(separator: ", "))"
        }.joined(separator: "; ")
    }
}
