import Contracts
import Foundation
import XCTest

/// `make conformance` and the committed matrix in docs/CONFORMANCE.md.
final class ConformanceMatrixTests: XCTestCase {
    /// The repository's docs folder, found from this file's place in it.
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")
    /// docs/CONFORMANCE.md.
    static let document = docs.appendingPathComponent("CONFORMANCE.md")
    /// docs/CONTRACTS.md.
    static let contractsDocument = docs.appendingPathComponent("CONTRACTS.md")

    /// The committed matrix has every suite, implementation and contract the code has, ✓ for
    /// ours everywhere and **✗** where each twin was built to break a rule — so a contract or a
    /// twin added without running `make conformance` fails here.
    func test_committedMatrix_matchesTheSuitesAndImplementations() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        XCTAssertEqual(ConformanceMatrix.mismatches(in: text), [])
    }

    /// Every contract of every suite has a broken twin built to break it (no rule goes without
    /// a twin that shows it can fail), and a suite's ids are unique.
    func test_everyContractOfEverySuite_hasABrokenTwin() {
        for suite in ConformanceMatrix.suites {
            XCTAssertEqual(suite.brokenByTwins, Set(suite.ids), "\(suite.title): contracts without a twin, or twins of others")
            XCTAssertEqual(Set(suite.ids).count, suite.ids.count, "\(suite.title): ids are unique")
        }
    }

    /// The check above notices a contract without a twin.
    func test_brokenByTwins_missesAContractWithoutATwin() throws {
        let suite = try XCTUnwrap(ConformanceMatrix.suites.first)
        let fewer = ConformanceMatrix.Suite(
            title: suite.title, ids: suite.ids, rules: suite.rules, implementations: Array(suite.implementations.dropLast()),
            twinsConcurrently: suite.twinsConcurrently)
        XCTAssertNotEqual(fewer.brokenByTwins, Set(fewer.ids))
    }

    /// docs/CONTRACTS.md lists every contract's id and rule exactly as the code states them.
    func test_committedRules_matchTheCode() throws {
        let text = try String(contentsOf: Self.contractsDocument, encoding: .utf8)
        XCTAssertEqual(ConformanceMatrix.rulesBlock(in: text), ConformanceMatrix.rulesMarkdown(), "run make conformance")
    }

    /// The check above catches a stale matrix: a missing contract row, a twin's cell turned ✓, a
    /// twin measured on a rule it was not built to break.
    func test_mismatches_reportsAStaleMatrix() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let withoutARow = text.replacingOccurrences(of: "| `http.bodyIntact` |", with: "| `http.removedRule` |")
        XCTAssertFalse(ConformanceMatrix.mismatches(in: withoutARow).isEmpty)
        let firstBreak = try XCTUnwrap(text.range(of: "| **✗** |"), "the matrix marks the rules twins break")
        let twinKept = text.replacingCharacters(in: firstBreak, with: "| ✓ |")
        XCTAssertFalse(ConformanceMatrix.mismatches(in: twinKept).isEmpty)
        let firstUnmeasured = try XCTUnwrap(text.range(of: "| \(ConformanceMatrix.notMeasured) |"), "twins are not measured on others' rules")
        let measured = text.replacingCharacters(in: firstUnmeasured, with: "| ✗ |")
        XCTAssertFalse(ConformanceMatrix.mismatches(in: measured).isEmpty)
        XCTAssertFalse(ConformanceMatrix.mismatches(in: "# no matrix").isEmpty)
    }

    /// With `CONFORMANCE_OUTPUT` set (`make conformance`): runs every suite against every
    /// implementation and writes the matrix into that file. Without it, runs the generator on
    /// the memory-cache suite alone (a second) and checks what it writes reads back.
    func test_generate() async throws {
        let environment = ProcessInfo.processInfo.environment
        let output = environment["CONFORMANCE_OUTPUT"]
        if let output, environment["CONFORMANCE_RULES_ONLY"] == "1" {
            // Rewrites only the rule list in CONTRACTS.md (seconds, no suite runs).
            let contracts = URL(fileURLWithPath: output).deletingLastPathComponent().appendingPathComponent("CONTRACTS.md")
            let text = try String(contentsOf: contracts, encoding: .utf8)
            try ConformanceMatrix.replacingRules(in: text, with: ConformanceMatrix.rulesMarkdown())
                .write(to: contracts, atomically: true, encoding: .utf8)
            XCTAssertEqual(ConformanceMatrix.rulesBlock(in: try String(contentsOf: contracts, encoding: .utf8)), ConformanceMatrix.rulesMarkdown())
            return
        }
        let suites = output == nil ? ConformanceMatrix.suites.filter { $0.title == "ImageCaching (memory)" } : ConformanceMatrix.suites
        var results: [ConformanceMatrix.Results] = []
        for suite in suites {
            results.append(await ConformanceMatrix.run(suite) { line in FileHandle.standardError.write(Data("conformance: \(line)\n".utf8)) })
        }
        let date = Date().formatted(.iso8601.year().month().day())
        let generated = ConformanceMatrix.markdown(results, date: date)
        let parsed = try XCTUnwrap(ConformanceMatrix.parse(generated))
        XCTAssertEqual(parsed.titles, suites.map(\.title))
        for result in results {
            for (column, implementation) in result.suite.implementations.enumerated() {
                for (row, id) in result.suite.ids.enumerated() {
                    let violation = result.cells[column][row]
                    if implementation.isOurs {
                        if implementation.knownViolations.contains(id) {
                            XCTAssertNotNil(violation, "\(implementation.name) now keeps \(id): take it off its known violations")
                        } else {
                            XCTAssertNil(violation, "\(implementation.name) broke \(id)")
                        }
                    }
                    if implementation.breaks.contains(id) { XCTAssertNotNil(violation, "\(implementation.name) kept \(id)") }
                }
            }
        }
        guard let output else { return }
        let contracts = URL(fileURLWithPath: output).deletingLastPathComponent().appendingPathComponent("CONTRACTS.md")
        if let text = try? String(contentsOf: contracts, encoding: .utf8) {
            try ConformanceMatrix.replacingRules(in: text, with: ConformanceMatrix.rulesMarkdown())
                .write(to: contracts, atomically: true, encoding: .utf8)
        }
        let url = URL(fileURLWithPath: output)
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? "# Conformance\n"
        try ConformanceMatrix.replacingMatrix(in: existing, with: generated).write(to: url, atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("conformance: wrote \(url.path)\n".utf8))
    }
}
