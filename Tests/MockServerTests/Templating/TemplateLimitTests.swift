import Foundation
import XCTest

@testable import MockServer

/// Hostile templates end in a `.limit` error within bounded time, never a crash: a loop over a
/// million turns, output over 10 MB, nesting past 100, a query over a deeply nested body.
final class TemplateLimitTests: XCTestCase {
    func test_eachOverAMillionItems_runsOutOfSteps() {
        let start = Date()
        let error = TemplateTesting.failure("{{#each (range 1 1000000)}}{{this}}{{/each}}", helpers: TemplateTesting.range)
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertTrue(error?.message.contains("steps") ?? false, "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func test_aLoopWithinTheBudget_renders() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#each (range 1 5)}}{{this}}{{/each}}", helpers: TemplateTesting.range), "12345")
    }

    func test_nestedLoops_spendTheirTurns() {
        var limits = TemplateLimits.standard
        limits.maxSteps = 10_000
        let nested = "{{#each (range 1 100)}}{{#each (range 1 100)}}x{{/each}}{{/each}}"
        XCTAssertEqual(TemplateTesting.failure(nested, helpers: TemplateTesting.range, limits: limits)?.kind, .limit)
    }

    func test_outputOverTheBound_isALimitError() {
        var limits = TemplateLimits.standard
        limits.maxOutputBytes = 1000
        let context = TemplateTesting.object([("s", .string(String(repeating: "x", count: 100)))])
        let error = TemplateTesting.failure("{{#each (range 1 11)}}{{../s}}{{/each}}", context: context, helpers: TemplateTesting.range, limits: limits)
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message, "the template's output is over 1000 bytes")
        XCTAssertNil(TemplateTesting.failure("{{#each (range 1 10)}}{{../s}}{{/each}}", context: context, helpers: TemplateTesting.range, limits: limits))
    }

    func test_tenMegabytes_areRefused_atTheStandardBound() {
        let context = TemplateTesting.object([("s", .string(String(repeating: "x", count: 1024 * 1024)))])
        let error = TemplateTesting.failure("{{#each (range 1 11)}}{{../s}}{{/each}}", context: context, helpers: TemplateTesting.range)
        XCTAssertEqual(error?.kind, .limit)
    }

    func test_blockHelpersNested_countOneLevelEach_andStopAtTheRendersDepthBound() throws {
        let helpers = TemplateHelpers.all.merging([
            "again": TemplateHelper { call throws(TemplateError) in
                guard let block = call.block else { return .null }
                return .safeString(try block.render())
            }
        ]) { _, mine in mine }
        let nested = String(repeating: "{{#again}}", count: 90) + "x" + String(repeating: "{{/again}}", count: 90)
        XCTAssertEqual(try TemplateTesting.render(nested, helpers: helpers), "x")
        var shallow = TemplateLimits.standard
        shallow.maxDepth = 50
        let environment = TemplateEnvironment(now: TemplateTesting.now, seed: 1, limits: shallow)
        let template = try Template(parsing: nested)
        XCTAssertThrowsError(try template.render(context: .null, environment: environment, helpers: helpers)) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .limit)
        }
    }

    func test_jsonPathOverADeeplyNestedBody_isALimitError() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = TemplateTesting.failure("{{jsonPath body '$..*'}}", context: TemplateTesting.object([("body", .string(deep))]))
        XCTAssertEqual(error?.kind, .limit)
    }

    func test_jsonPathOverAHugeBody_stopsAtTheQuerysWorkBound() {
        let wide = "[" + (0..<300_000).map { "[\($0),[\($0)]]" }.joined(separator: ",") + "]"
        let start = Date()
        let error = TemplateTesting.failure("{{jsonPath body '$..*'}}", context: TemplateTesting.object([("body", .string(wide))]))
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }
}
