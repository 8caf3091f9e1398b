/// The helpers a template can call, by name: Handlebars' own and WireMock's families, each
/// family a fragment in its own file under `Helpers/`.
enum TemplateHelpers {
    /// Every helper. A name two fragments both define is a programming error, caught by the
    /// tests (``collisions``); the first fragment listed wins here.
    static let all: [String: TemplateHelper] = {
        var table: [String: TemplateHelper] = [:]
        for fragment in fragments {
            table.merge(fragment) { first, _ in first }
        }
        return table
    }()

    /// The fragments, in order: Handlebars' built-ins, then WireMock's families.
    static var fragments: [[String: TemplateHelper]] {
        [handlebarsBuiltIns, dates, extraction, random, lists, logic, math, strings]
    }

    /// Names that more than one fragment defines (empty when the table is sound).
    static var collisions: [String] {
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for fragment in fragments {
            for name in fragment.keys where !seen.insert(name).inserted { repeated.insert(name) }
        }
        return repeated.sorted()
    }
}
