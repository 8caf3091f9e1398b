import Foundation

/// The body of the 404 when no stub matches: the closest stub and what differed, laid out like
/// WireMock's "Request was not matched" table (stub on the left, request on the right, `<<<<<`
/// marking each difference).
enum NearMissReport {
    /// Width of the table, as WireMock's default console width.
    static let width = 119

    /// The report for the stub closest to `request`.
    static func closest(to request: StubRequestInfo, among stubs: [Stub], scenarios: [String: String]) -> String {
        var best: (stub: Stub, distance: Double)?
        for stub in stubs {
            let score = distance(stub, request, scenarios: scenarios)
            if score < best?.distance ?? .infinity { best = (stub, score) }
        }
        guard let best else { return "No response could be served as there are no stubs." }
        return render(best.stub, request, scenarios: scenarios)
    }

    /// How far `stub` is from matching: the URL weighs most (10), then the method (3), then the
    /// share of query parameters and of headers that differ, and the scenario state (1 each).
    static func distance(_ stub: Stub, _ request: StubRequestInfo, scenarios: [String: String]) -> Double {
        var total = 0.0
        let url = stub.request.url
        if !url.accepts(path: request.path, pathAndQuery: request.pathAndQuery) {
            switch url {
            case .url(let expected): total += 10 * normalizedDistance(expected, request.pathAndQuery)
            case .urlPath(let expected): total += 10 * normalizedDistance(expected, request.path)
            default: total += 10
            }
        }
        if let method = stub.request.method, method != request.method { total += 3 }
        let query = stub.request.queryParameters
        if !query.isEmpty {
            total += Double(query.filter { !$0.value.accepts(request.queryValues($0.key)) }.count) / Double(query.count)
        }
        let headers = stub.request.headers
        if !headers.isEmpty {
            total += Double(headers.filter { !$0.value.accepts(request.headerValues($0.key)) }.count) / Double(headers.count)
        }
        if let scenario = stub.scenarioName, let required = stub.requiredScenarioState, scenarios[scenario] != required { total += 1 }
        return total
    }

    /// Levenshtein distance over the longer length (0 same, 1 nothing in common), on at most 256
    /// characters of each.
    static func normalizedDistance(_ a: String, _ b: String) -> Double {
        let left = Array(a.prefix(256))
        let right = Array(b.prefix(256))
        let longest = max(left.count, right.count)
        guard longest > 0 else { return 0 }
        guard !left.isEmpty, !right.isEmpty else { return 1 }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        let edits = previous[right.count]
        return Double(edits) / Double(longest)
    }

    // MARK: - Layout

    /// The table.
    static func render(_ stub: Stub, _ request: StubRequestInfo, scenarios: [String: String]) -> String {
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
        let method = stub.request.method ?? "ANY"
        let methodMatches = stub.request.method.map { $0 == request.method } ?? true
        lines.append(row(method, request.method, methodMatches ? nil : "HTTP method does not match"))
        let url = stub.request.url
        let urlMatches = url.accepts(path: request.path, pathAndQuery: request.pathAndQuery)
        let urlText: String
        switch url {
        case .any: urlText = "[any URL]"
        case .url(let value): urlText = value
        case .urlPattern(let regex): urlText = "[regex] " + regex.pattern
        case .urlPath(let value): urlText = "[path] " + value
        case .urlPathPattern(let regex): urlText = "[path regex] " + regex.pattern
        }
        lines.append(row(urlText, request.pathAndQuery, urlMatches ? nil : "URL does not match"))
        lines.append(row("", nil, nil))
        for (name, matcher) in stub.request.headers.sorted(by: { $0.key < $1.key }) {
            let values = request.headerValues(name)
            let expected = operatorText(matcher, separator: ": ")
            lines.append(
                row("\(name)\(expected)", values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))",
                    matcher.accepts(values) ? nil : "Header does not match"))
        }
        for (name, matcher) in stub.request.queryParameters.sorted(by: { $0.key < $1.key }) {
            let values = request.queryValues(name)
            lines.append(
                row("Query: \(name)\(operatorText(matcher, separator: " = "))",
                    values.isEmpty ? "" : "\(name): \(values.joined(separator: ", "))",
                    matcher.accepts(values) ? nil : "Query does not match"))
        }
        if let scenario = stub.scenarioName, let required = stub.requiredScenarioState {
            let current = scenarios[scenario] ?? Stub.startedState
            lines.append(
                row("[Scenario '\(scenario)' state: \(required)]", "[Scenario '\(scenario)' state: \(current)]",
                    current == required ? nil : "Scenario does not match"))
        }
        lines.append(row("", nil, nil))
        lines.append(rule)
        return lines.map { $0 + "\n" }.joined()
    }

    /// ` [contains] : value`, or `separator + value` for `equalTo`.
    private static func operatorText(_ matcher: StubValueMatcher, separator: String) -> String {
        if case .equalTo = matcher { return separator + matcher.expectedText }
        if case .absent = matcher { return " [absent]" }
        return " [\(matcher.operatorName)]\(separator)\(matcher.expectedText)"
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
