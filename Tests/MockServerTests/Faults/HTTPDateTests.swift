import Foundation
import XCTest

@testable import MockServer

/// HTTP dates: one form written, the three RFC 9110 forms read.
final class HTTPDateTests: XCTestCase {
    private let example = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    func test_string_writesIMFFixdate_andDropsFractions() {
        XCTAssertEqual(HTTPDate.string(example), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.string(example.addingTimeInterval(0.9)), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func test_parse_readsAllThreeForms() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), example)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), example)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), example)
    }

    func test_parse_roundTripsWhatItWrites() {
        let date = Date(timeIntervalSince1970: 1_700_000_123)
        XCTAssertEqual(HTTPDate.parse(HTTPDate.string(date)), date)
    }

    func test_calendar_leapYearsAndOldDates() {
        XCTAssertEqual(HTTPDate.parse("Thu, 29 Feb 2024 12:00:00 GMT"), Date(timeIntervalSince1970: 1_709_208_000))
        XCTAssertNil(HTTPDate.parse("Thu, 29 Feb 2023 12:00:00 GMT"), "2023 is no leap year")
        XCTAssertNil(HTTPDate.parse("Mon, 31 Apr 2023 12:00:00 GMT"))
        XCTAssertEqual(HTTPDate.string(Date(timeIntervalSince1970: -1)), "Wed, 31 Dec 1969 23:59:59 GMT")
        XCTAssertEqual(HTTPDate.parse("Wed, 31 Dec 1969 23:59:59 GMT"), Date(timeIntervalSince1970: -1))
        XCTAssertEqual(HTTPDate.string(Date(timeIntervalSince1970: 951_782_400)), "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    func test_rfc850_twoDigitYears_moreThan50YearsAhead_areTheCenturyBefore() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023
        XCTAssertEqual(HTTPDate.parse("Sunday, 01-Jan-73 00:00:00 GMT", now: now).map { HTTPDate.string($0) }, "Sun, 01 Jan 2073 00:00:00 GMT")
        XCTAssertEqual(HTTPDate.parse("Friday, 01-Jan-99 00:00:00 GMT", now: now).map { HTTPDate.string($0) }, "Fri, 01 Jan 1999 00:00:00 GMT")
    }

    func test_parse_rejectsOtherText() {
        for text in ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 GMT trailing", "Sun, 06 Nov 1994 08:49:37",
                     "1994-11-06T08:49:37Z", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT\r\nX: y"]
        {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }
}
