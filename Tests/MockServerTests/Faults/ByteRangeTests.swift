import XCTest

@testable import MockServer

/// `Range: bytes=…` resolved as RFC 9110 §14 says.
final class ByteRangeTests: XCTestCase {
    func test_theThreeForms() {
        XCTAssertEqual(ByteRange.resolve("bytes=0-499", length: 1000), .partial(0..<500))
        XCTAssertEqual(ByteRange.resolve("bytes=500-", length: 1000), .partial(500..<1000))
        XCTAssertEqual(ByteRange.resolve("bytes=-200", length: 1000), .partial(800..<1000))
    }

    func test_rangesPastTheEnd_areClipped() {
        XCTAssertEqual(ByteRange.resolve("bytes=900-5000", length: 1000), .partial(900..<1000))
        XCTAssertEqual(ByteRange.resolve("bytes=-5000", length: 1000), .partial(0..<1000))
        XCTAssertEqual(ByteRange.resolve("bytes=999-99999999999999999999999", length: 1000), .partial(999..<1000))
    }

    func test_unsatisfiable() {
        XCTAssertEqual(ByteRange.resolve("bytes=1000-", length: 1000), .unsatisfiable)
        XCTAssertEqual(ByteRange.resolve("bytes=5000-6000", length: 1000), .unsatisfiable)
        XCTAssertEqual(ByteRange.resolve("bytes=-0", length: 1000), .unsatisfiable)
        XCTAssertEqual(ByteRange.resolve("bytes=0-", length: 0), .unsatisfiable, "an empty representation has no bytes to send")
        XCTAssertEqual(ByteRange.resolve("bytes=2000-,3000-3100", length: 1000), .unsatisfiable)
    }

    func test_ignored_meansTheWholeRepresentation() {
        XCTAssertEqual(ByteRange.resolve(nil, length: 1000), .whole)
        XCTAssertEqual(ByteRange.resolve("items=0-5", length: 1000), .whole, "another unit")
        XCTAssertEqual(ByteRange.resolve("bytes=500-100", length: 1000), .whole, "last before first: invalid")
        XCTAssertEqual(ByteRange.resolve("bytes=a-b", length: 1000), .whole)
        XCTAssertEqual(ByteRange.resolve("bytes=", length: 1000), .whole)
        XCTAssertEqual(ByteRange.resolve("bytes=--5", length: 1000), .whole)
        XCTAssertEqual(ByteRange.resolve("bytes=0-1,x", length: 1000), .whole, "one bad spec spoils the header")
        XCTAssertEqual(ByteRange.resolve("bytes=0-99,200-299", length: 1000), .whole, "several ranges: the whole 200")
    }

    func test_unitIsCaseInsensitive_andEmptyElementsAreSkipped() {
        XCTAssertEqual(ByteRange.resolve("Bytes=0-9", length: 100), .partial(0..<10))
        XCTAssertEqual(ByteRange.resolve("bytes=, 0-9 ,", length: 100), .partial(0..<10))
    }

    func test_contentRange() {
        XCTAssertEqual(ByteRange.partial(0..<500).contentRange(length: 1000), "bytes 0-499/1000")
        XCTAssertEqual(ByteRange.unsatisfiable.contentRange(length: 1000), "bytes */1000")
        XCTAssertNil(ByteRange.whole.contentRange(length: 1000))
    }
}
