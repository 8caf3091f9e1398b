import Foundation

/// The body of the 404 when no stub matches: the closest stub and what differed, laid out like
/// WireMock's "Request was not matched" table (stub on the left, request on the right, `<<<<<`
/// marking each difference).
///
/// The ranking and the rows both come from each stub's ``StubMatcher``: the stub with the
/// smallest ``MatchResult/distance`` is shown (the first in matching order on a tie), one row
/// per field it compared.
enum NearMissReport {
    /// Width of the table, as WireMock's default console width.
    static let width = 119

    /// The report for the stub closest to `input`'s request, among `stubs` in matching order.
    static func closest(to input: RequestMatchInput, among stubs: [(stub: Stub, matcher: StubMatcher)]) -> String {
        var best: (stub: Stub, result: MatchResult, distance: Double)?
        for (stub, matcher) in stubs {
            let result = matcher.match(input, explain: true)
            let distance = result.distance
            if distance < best?.distance ?? .infinity { best = (stub, result, distance) }
        }
        guard let best else { return "No response could be served as there are no stubs." }
        return render(best.stub, best.result)
    }

    // MARK: - Layout

    /// The table for `stub`, whose match against the request is `result`.
    static func render(_ stub: Stub, _ result: MatchResult) -> String {
        var lines: [String] = []
        let middle = width / 2 - 1
        let title = "Request was not matched"
        let indent = String(repeating: " ", count: middle - title.count / 2)
        let rule = String(repeating: "-", count: width)
        lines.append("")
        lines.append(indent + title)
        lines.append(indent + String(repeating: "=", count: title.count))
        lines.append("")
        lines.append(rule)
        lines.append("|" + pad(" Closest stub", middle) + "|" + pad(" Request", middle) + "|")
        lines.append(rule)
        lines.append(row("", nil, nil))
        if let name = stub.name {
            lines.append(row(name, nil, nil))
            lines.append(row("", nil, nil))
        }
        for field in result.fields {
            lines.append(row(field.expected, field.actual, field.isMatch ? nil : field.message))
            // A blank row between the method and URL and the rest, as WireMock lays it out.
            if field.path == "url" { lines.append(row("", nil, nil)) }
        }
        lines.append(row("", nil, nil))
        lines.append(rule)
        return lines.map { $0 + "\n" }.joined()
    }

    /// One row: left column, then the request's side and the difference, if any.
    private static func row(_ left: String, _ right: String?, _ message: String?) -> String {
        let middle = width / 2 - 1
        var line = pad(clip(left), middle + 1) + "|"
        if let right, !right.isEmpty {
            line += " "
            line += message.map { pad(clip(right), middle - 6) + "<<<<< " + $0 } ?? clip(right)
        } else if let message {
            line += pad("", middle - 5) + "<<<<< " + message
        }
        return line
    }

    /// One line of at most 200 characters, line breaks shown as `\n`.
    private static func clip(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return flat.count > 200 ? String(flat.prefix(197)) + "..." : flat
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
