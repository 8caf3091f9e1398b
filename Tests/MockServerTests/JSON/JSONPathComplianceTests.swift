import Foundation
import XCTest

@testable import MockServer

/// Every case of the JSONPath Compliance Test Suite (Tests/Fixtures/jsonpath-cts, BSD-2, its
/// licence beside it) against our RFC 9535 reading: an invalid selector must not compile, a
/// valid one must select the expected nodes in the expected order (`results`: any one of them).
final class JSONPathComplianceTests: XCTestCase {
    /// Cases known to fail, by name, with why. Empty: every case passes.
    static let knownFailures: [String: String] = [:]

    func test_complianceSuite_everyCasePasses() throws {
        let url = WireMockJar.packageRoot.appendingPathComponent("Tests/Fixtures/jsonpath-cts/cts.json")
        guard case .object(let suite) = try JSONReader.parse(Data(contentsOf: url)), case .array(let cases)? = suite["tests"] else {
            return XCTFail("cts.json has no tests")
        }
        var passed = 0
        var failures: [String] = []
        for case .object(let test) in cases {
            guard case .string(let name)? = test["name"], case .string(let selector)? = test["selector"] else { continue }
            let verdict = Self.check(test, selector: selector)
            if verdict == nil {
                passed += 1
                XCTAssertNil(Self.knownFailures[name], "\(name) passes now: take it off the known failures")
            } else if Self.knownFailures[name] == nil {
                failures.append("\(name) [\(selector)]: \(verdict ?? "")")
            }
        }
        print("JSONPath compliance: \(passed) of \(cases.count) cases pass")
        XCTAssertEqual(failures, [], "\(failures.count) cases fail")
        XCTAssertEqual(passed + Self.knownFailures.count, cases.count)
    }

    /// `nil` when the case passes, else what went wrong.
    private static func check(_ test: [String: JSONValue], selector: String) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(selector)
        } catch {
            return test["invalid_selector"] == .bool(true) ? nil : "refused: \(error)"
        }
        if test["invalid_selector"] == .bool(true) { return "compiled, but the selector is invalid" }
        guard let document = test["document"] else { return "no document" }
        let selected: [JSONValue]
        do {
            selected = try path.select(document)
        } catch {
            return "failed: \(error)"
        }
        var expected: [JSONValue] = []
        if case .array(let result)? = test["result"] { expected = [.array(result)] }
        if case .array(let results)? = test["results"] { expected = results }
        if expected.contains(where: { $0.isEqual(to: .array(selected)) }) { return nil }
        return "selected \(JSONValue.array(selected).text)"
    }
}
