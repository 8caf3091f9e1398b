import Foundation
import XCTest

@testable import MockServer

/// Renders a template the way a stub does, for the helper families' tests: a fixed clock, a
/// seeded random generator, and a small request model (`request.query.tag` is `[a, b]`).
enum HelperRendering {
    /// A request model with a repeated query parameter and a URL path.
    static let request = TemplateValue.object(TemplateObject([
        ("query", .object(TemplateObject([("tag", .listOrSingle([.string("a"), .string("b")]))]))),
        ("path", .urlPath("/shop/books", segments: [.string("shop"), .string("books")])),
    ]))

    /// `source` rendered with `seed`; throws the template's error.
    static func render(_ source: String, seed: UInt64 = 7, limits: TemplateLimits = .standard) throws -> String {
        let template = try Template(parsing: source, limits: limits)
        let environment = TemplateEnvironment(request: request, now: Date(timeIntervalSince1970: 1_600_000_000), seed: seed, limits: limits)
        return try template.render(context: .object(TemplateObject([("request", request)])), environment: environment)
    }

    /// The error rendering `source` throws; fails the test when it renders.
    static func error(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> TemplateError? {
        do {
            let output = try render(source)
            XCTFail("'\(source)' rendered '\(output)' instead of failing", file: file, line: line)
            return nil
        } catch let error as TemplateError {
            return error
        } catch {
            XCTFail("'\(source)' threw \(error)", file: file, line: line)
            return nil
        }
    }

    /// Asserts each template renders its expected output.
    static func assertRenders(_ cases: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) {
        for (source, expected) in cases {
            XCTAssertEqual(try render(source), expected, source, file: file, line: line)
        }
    }

    /// Asserts each template fails with a bad argument naming `helper`.
    static func assertBadArgument(_ helper: String, _ sources: [String], file: StaticString = #filePath, line: UInt = #line) {
        for source in sources {
            guard let error = error(source, file: file, line: line) else { continue }
            XCTAssertEqual(error.kind, .badArgument, "\(source): \(error)", file: file, line: line)
            XCTAssertTrue(error.message.hasPrefix(helper), "\(source): \(error.message)", file: file, line: line)
        }
    }
}
