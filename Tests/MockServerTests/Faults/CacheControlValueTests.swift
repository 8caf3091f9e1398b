import XCTest

@testable import MockServer

/// The `cache=VALUE` override is checked before it reaches a header.
final class CacheControlValueTests: XCTestCase {
    func test_acceptsOrdinaryValues() throws {
        for value in ["max-age=60", "no-cache", "public, max-age=31536000, immutable", String(repeating: "a", count: 255)] {
            XCTAssertEqual(try CacheControlValue.validated(value), value)
        }
    }

    func test_rejectsWhatCouldBreakTheHeader() {
        for value in ["", "max-age=60\r\nX-Injected: 1", "a\nb", "tab\there", "é", " leading", "trailing ", String(repeating: "a", count: 256)] {
            XCTAssertThrowsError(try CacheControlValue.validated(value), value.debugDescription) { error in
                XCTAssertEqual((error as? ParameterError)?.parameter, "cache")
            }
        }
    }
}
