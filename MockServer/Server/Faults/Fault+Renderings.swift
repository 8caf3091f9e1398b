/// The fault table as people and programs read it: the order of application in words, the
/// Markdown table in docs/FAULTS.md, `mockserver --help`'s text table and the catalog's rows.
extension Fault.Name {
    /// The order of application in words, stage by stage
    /// (`reset, then delay, then flaky, status, then …`).
    public static var order: String {
        Fault.Stage.allCases.map { stage in
            allCases.filter { $0.stage == stage }.map(\.rawValue).joined(separator: ", ")
        }.filter { !$0.isEmpty }.joined(separator: ", then ")
    }

    /// The table as Markdown (`| parameter | values | effect |`), as docs/FAULTS.md shows it.
    public static var markdownTable: String {
        var lines = ["| parameter | values | effect |", "|---|---|---|"]
        lines += allCases.map { "| `\($0.rawValue)` | \($0.valid) | \($0.help) |" }
        return lines.joined(separator: "\n")
    }

    /// The table as aligned text lines for a terminal (`mockserver --help`, the start banner).
    public static var textTable: String {
        allCases.map { "  \($0.rawValue.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) \($0.help) [\($0.valid)]" }
            .joined(separator: "\n")
    }

    /// The width of the name column in text tables: the longest name (never cut), at least 12.
    static var nameWidth: Int {
        max(12, allCases.map(\.rawValue.count).max() ?? 0)
    }

    /// The fault's row in `GET /__admin/catalog`, with the shape of its value in machine-readable
    /// form, so a form such as the dashboard's fault builder offers the right input for each
    /// fault without a copy of the table of its own: `parameter`, `valid`, `description`,
    /// `example` (absolute, on `base`), `stage`, `outcome` (when the fault has its own journal
    /// outcome), and `kind`: `flag` (1 or 0), `integer` (with `minimum`, `maximum` and maybe
    /// `unit`), `mediaType`, or `text` for any other value.
    func catalogRow(base: String) -> [String: Any] {
        let row = self.row
        var entry: [String: Any] = [
            "parameter": rawValue, "valid": row.kind.valid, "description": row.help, "example": base + row.example,
            "stage": "\(row.stage)",
        ]
        if let outcome = row.outcome { entry["outcome"] = outcome.rawValue }
        switch row.kind {
        case .flag:
            entry["kind"] = "flag"
        case .integer(let range, let unit):
            entry["kind"] = "integer"
            entry["minimum"] = range.lowerBound
            entry["maximum"] = range.upperBound
            if let unit { entry["unit"] = unit }
        case .mediaType:
            entry["kind"] = "mediaType"
        case .probability, .choice, .cacheControl:
            entry["kind"] = "text"
        }
        return entry
    }
}
