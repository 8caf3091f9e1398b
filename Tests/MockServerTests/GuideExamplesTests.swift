import Foundation
import XCTest

@testable import MockServer

/// Runs every `curl` example between `<!-- examples:start -->` markers — the faults guide's
/// (docs/FAULTS.md) and the README's tour — in order, against a live server and checks the outcome
/// its comment promises (`# → 200 …`, `# → curl 28 …`). The pages' 127.0.0.1:8080 / :8081 / :8082
/// become this test server's main, admin and blackhole ports.
final class GuideExamplesTests: ServerTestCase {
    func test_faultsGuideExamples_workAsPrinted() throws {
        let examples = try Self.examples(in: "docs/FAULTS.md")
        XCTAssertGreaterThanOrEqual(examples.count, 15, "the faults guide's examples section was found")
        run(examples)
    }

    func test_readmeTourExamples_workAsPrinted() throws {
        let examples = try Self.examples(in: "README.md")
        XCTAssertGreaterThanOrEqual(examples.count, 5, "the README's tour examples were found")
        run(examples)
    }

    private func run(_ examples: [Example]) {
        let client = CurlClient()
        for example in examples {
            let url = URL(string: example.url
                .replacingOccurrences(of: "127.0.0.1:8080", with: server.baseURL.host! + ":\(server.port)")
                .replacingOccurrences(of: "127.0.0.1:8081", with: server.adminURL.host! + ":\(server.adminURL.port!)")
                .replacingOccurrences(of: "127.0.0.1:8082", with: server.blackholeURL.host! + ":\(server.blackholeURL.port!)"))!
            let result = client.request(url, method: example.method, headers: example.headers, body: example.body, timeout: example.timeout)
            switch example.expected {
            case .status(let status):
                XCTAssertEqual(result.code, CurlCode.ok, "\(example.line)\n\(result.message)")
                XCTAssertEqual(result.status, status, example.line)
            case .curlCode(let code):
                XCTAssertEqual(result.code, code, "\(example.line)\n\(result.message)")
            }
        }
    }

    private struct Example {
        enum Expected { case status(Int), curlCode(Int) }
        let line: String
        let url: String
        var method = "GET"
        var headers: [String] = []
        var body: Data?
        var timeout: Double = 10
        let expected: Expected
    }

    /// The `curl` lines between the examples markers of `page` (a path from the repository's root).
    private static func examples(in page: String) throws -> [Example] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(page)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let start = text.range(of: "<!-- examples:start -->"), let end = text.range(of: "<!-- examples:end -->") else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return try text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("curl ") }.map { line in
            try parse(String(line))
        }
    }

    /// Reads the options the examples use: -X, -d, -H, -m, -I, the quoted URL, and `# → …`.
    private static func parse(_ line: String) throws -> Example {
        let parts = line.components(separatedBy: "# → ")
        guard parts.count == 2 else { throw CocoaError(.formatting) }
        let outcome = parts[1]
        let expected: Example.Expected
        if outcome.hasPrefix("curl "), let code = Int(outcome.dropFirst(5).prefix(while: \.isNumber)) {
            expected = .curlCode(code)
        } else if let status = Int(outcome.prefix(3)) {
            expected = .status(status)
        } else {
            throw CocoaError(.formatting)
        }
        let words = quotedWords(parts[0])
        guard let url = words.first(where: { $0.hasPrefix("http://") }) else { throw CocoaError(.formatting) }
        var example = Example(line: line, url: url, expected: expected)
        for (index, word) in words.enumerated() where index + 1 < words.count {
            switch word {
            case "-X": example.method = words[index + 1]
            case "-d": example.body = Data(words[index + 1].utf8)
            case "-H": example.headers.append(words[index + 1])
            case "-m": example.timeout = Double(words[index + 1]) ?? 10
            default: break
            }
        }
        if words.contains("-I") { example.method = "HEAD" }
        return example
    }

    /// Splits on spaces, keeping single-quoted strings whole (without the quotes).
    private static func quotedWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
