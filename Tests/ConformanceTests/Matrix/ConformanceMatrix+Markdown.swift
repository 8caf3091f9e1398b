import Contracts
import Foundation

extension ConformanceMatrix {
    static let startMarker = "<!-- matrix:start (written by `make conformance`; do not edit) -->"
    static let endMarker = "<!-- matrix:end -->"

    /// The generated part of docs/CONFORMANCE.md: per suite a table (rows: contracts; columns:
    /// implementations, ours first) of ✓ (kept) and ✗ (broken; **✗** where a twin was built to
    /// break that rule), – where a twin was not measured (a rule it was not built to break),
    /// then every violation's message.
    static func markdown(_ results: [Results], date: String) -> String {
        var lines = [startMarker, "", "Generated \(date) by `make conformance`.", ""]
        for result in results {
            let suite = result.suite
            lines.append("### \(suite.title)")
            lines.append("")
            lines.append("| contract | " + suite.implementations.map { escape($0.name) }.joined(separator: " | ") + " |")
            lines.append("|---|" + String(repeating: "---|", count: suite.implementations.count))
            for (row, id) in suite.ids.enumerated() {
                let cells = suite.implementations.indices.map { column -> String in
                    guard suite.implementations[column].measures(id) else { return notMeasured }
                    guard result.cells[column].indices.contains(row), result.cells[column][row] != nil else { return "✓" }
                    return suite.implementations[column].breaks.contains(id) ? "**✗**" : "✗"
                }
                lines.append("| `\(id)` | " + cells.joined(separator: " | ") + " |")
            }
            lines.append("")
            var violations: [String] = []
            for (column, implementation) in suite.implementations.enumerated() {
                for (row, id) in suite.ids.enumerated() {
                    guard result.cells[column].indices.contains(row), let violation = result.cells[column][row] else { continue }
                    violations.append("- \(escape(implementation.name)) ✗ `\(id)`: \(escape(abridged(violation.observed)))")
                }
            }
            if !violations.isEmpty {
                lines.append("<details><summary>\(violations.count) violations</summary>")
                lines.append("")
                lines += violations
                lines.append("")
                lines.append("</details>")
                lines.append("")
            }
        }
        lines.append(endMarker)
        return lines.joined(separator: "\n")
    }

    /// The cell of a twin on a rule it was not built to break.
    static let notMeasured = "–"

    static let rulesStartMarker = "<!-- rules:start (written by `make conformance`; do not edit) -->"
    static let rulesEndMarker = "<!-- rules:end -->"

    /// The generated part of docs/CONTRACTS.md: per suite, each contract's id and rule.
    static func rulesMarkdown() -> String {
        var lines = [rulesStartMarker, ""]
        for suite in suites {
            lines += ["### \(suite.title) (\(suite.ids.count))", "", "| id | rule |", "|---|---|"]
            for (id, rule) in zip(suite.ids, suite.rules) { lines.append("| `\(id)` | \(escape(rule)) |") }
            lines.append("")
        }
        lines.append(rulesEndMarker)
        return lines.joined(separator: "\n")
    }

    /// The generated rules block of `document`, markers included, or nil.
    static func rulesBlock(in document: String) -> String? {
        guard let start = document.range(of: rulesStartMarker), let end = document.range(of: rulesEndMarker) else { return nil }
        return String(document[start.lowerBound..<end.upperBound])
    }

    /// `document` with its generated part replaced by `generated` (appended when it has none).
    static func replacingMatrix(in document: String, with generated: String) -> String {
        replacing(startMarker, endMarker, in: document, with: generated)
    }

    /// `document` with its generated rules replaced by `generated` (appended when it has none).
    static func replacingRules(in document: String, with generated: String) -> String {
        replacing(rulesStartMarker, rulesEndMarker, in: document, with: generated)
    }

    private static func replacing(_ startMarker: String, _ endMarker: String, in document: String, with generated: String) -> String {
        guard let start = document.range(of: startMarker), let end = document.range(of: endMarker), start.lowerBound < end.lowerBound
        else { return document + "\n" + generated + "\n" }
        return String(document[..<start.lowerBound]) + generated + String(document[end.upperBound...])
    }

    /// What a committed matrix says: per suite title, the implementation names and, per
    /// contract id, the cells as written.
    struct Parsed: Equatable {
        var titles: [String] = []
        var implementations: [String: [String]] = [:]
        var ids: [String: [String]] = [:]
        var cells: [String: [String: [String]]] = [:]
    }

    static func parse(_ document: String) -> Parsed? {
        guard let start = document.range(of: startMarker), let end = document.range(of: endMarker) else { return nil }
        var parsed = Parsed()
        var title: String?
        for line in document[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4))
                title = name
                parsed.titles.append(name)
            } else if let title, line.hasPrefix("| contract |") {
                parsed.implementations[title] = columns(line).dropFirst().map { $0 }
            } else if let title, line.hasPrefix("| `") {
                let parts = columns(line)
                guard let first = parts.first else { continue }
                let id = first.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                parsed.ids[title, default: []].append(id)
                parsed.cells[title, default: [:]][id] = Array(parts.dropFirst())
            }
        }
        return parsed
    }

    /// How `document`'s matrix differs from the suites and implementations in the code: a
    /// missing or extra suite, implementation or contract, ours not ✓, a twin not **✗** on the
    /// rule it was built to break or not – on the others. Empty when it matches.
    static func mismatches(in document: String) -> [String] {
        guard let parsed = parse(document) else { return ["no generated matrix: run make conformance"] }
        var problems: [String] = []
        if parsed.titles != suites.map(\.title) { problems.append("suites \(parsed.titles), expected \(suites.map(\.title))") }
        for suite in suites {
            let names = suite.implementations.map(\.name)
            if parsed.implementations[suite.title] != names { problems.append("\(suite.title): implementations differ from \(names)") }
            if parsed.ids[suite.title] != suite.ids { problems.append("\(suite.title): contracts differ from \(suite.ids)") }
            for (column, implementation) in suite.implementations.enumerated() {
                for id in suite.ids {
                    let cell = parsed.cells[suite.title]?[id].flatMap { $0.indices.contains(column) ? $0[column] : nil }
                    let known = implementation.knownViolations.contains(id)
                    if implementation.isOurs, !known, cell != "✓" {
                        problems.append("\(suite.title): \(implementation.name) on \(id) is \(cell ?? "missing"), expected ✓")
                    }
                    if implementation.isOurs, known, cell != "✗" {
                        problems.append("\(suite.title): \(implementation.name) on \(id) is \(cell ?? "missing"), expected ✗ (a known violation)")
                    }
                    if implementation.breaks.contains(id), cell != "**✗**" {
                        problems.append("\(suite.title): \(implementation.name) on \(id) is \(cell ?? "missing"), expected **✗**")
                    }
                    if !implementation.measures(id), cell != notMeasured {
                        problems.append("\(suite.title): \(implementation.name) on \(id) is \(cell ?? "missing"), expected \(notMeasured) (not measured)")
                    }
                }
            }
        }
        return problems
    }

    private static func columns(_ line: Substring) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func abridged(_ text: String) -> String {
        text.count <= 300 ? text : String(text.prefix(300)) + "…"
    }
}
