import Foundation
import XCTest

@testable import MockServer

/// `now`, `date` and `parseDate`, at a fixed time (2021-03-04T05:06:07Z), as WireMock 2.35 writes them.
final class TemplateDateHelperTests: XCTestCase {
    func test_now_isTheEnvironmentsTime_inISO8601() throws {
        XCTAssertEqual(try TemplateTesting.render("{{now}}"), "2021-03-04T05:06:07Z")
        XCTAssertEqual(try TemplateTesting.render("{{date}}"), "2021-03-04T05:06:07Z")
    }

    func test_now_offsets_inEverySpellingWireMockReads() throws {
        XCTAssertEqual(try TemplateTesting.render("{{now offset='3 days'}}"), "2021-03-07T05:06:07Z")
        XCTAssertEqual(try TemplateTesting.render("{{now offset='-1 months'}}"), "2021-02-04T05:06:07Z")
        XCTAssertEqual(try TemplateTesting.render("{{now offset='+2 Hours'}}"), "2021-03-04T07:06:07Z")
        XCTAssertEqual(try TemplateTesting.render("{{now offset='now -10 seconds'}}"), "2021-03-04T05:05:57Z")
        XCTAssertEqual(try TemplateTesting.render("{{now offset='1 years' format='yyyy'}}"), "2022")
    }

    func test_badOffsets_areErrors_inWireMocksWords() {
        XCTAssertTrue(TemplateTesting.failure("{{now offset='3 d'}}")?.message.contains("DateTimeUnit.D") ?? false)
        XCTAssertTrue(TemplateTesting.failure("{{now offset='2 weeks'}}")?.message.contains("DateTimeUnit.WEEKS") ?? false)
        XCTAssertTrue(TemplateTesting.failure("{{now offset=' 2 days'}}")?.message.contains("Offset can be of the short form") ?? false)
    }

    func test_formats_javaPatterns_epochAndUnix() throws {
        XCTAssertEqual(try TemplateTesting.render("{{now format='yyyy-MM-dd HH:mm:ss.SSSZ EEE MMM a z'}}"), "2021-03-04 05:06:07.000+0000 Thu Mar AM UTC")
        XCTAssertEqual(try TemplateTesting.render("{{now format=\"yyyy-MM-dd'T'HH\"}}"), "2021-03-04T05")
        XCTAssertEqual(try TemplateTesting.render("{{now format='epoch'}}|{{now format='unix'}}"), "1614834367000|1614834367")
        XCTAssertEqual(TemplateTesting.failure("{{now format='bogusQ'}}")?.message, "now: java.lang.IllegalArgumentException: Illegal pattern character 'b'")
    }

    func test_timezones_moveTheWrittenTime_forNowOnly() throws {
        XCTAssertEqual(try TemplateTesting.render("{{now timezone='Australia/Sydney'}}"), "2021-03-04T16:06:07+11:00")
        XCTAssertEqual(try TemplateTesting.render("{{now timezone='Australia/Sydney' format='HH:mm Z'}}"), "16:06 +1100")
        XCTAssertEqual(try TemplateTesting.render("{{date (parseDate '2021-03-04T05:06:07Z') timezone='Europe/Paris' format='HH:mm'}}"), "05:06")
        XCTAssertTrue(TemplateTesting.failure("{{now timezone='bogus'}}")?.message.contains("Unknown time-zone ID: bogus") ?? false)
    }

    func test_parseDate_readsISOAndRFC1123_andPatterns_elseNothing() throws {
        XCTAssertEqual(try TemplateTesting.render("{{parseDate '2020-01-02T03:04:05Z'}}"), "2020-01-02T03:04:05Z")
        XCTAssertEqual(try TemplateTesting.render("{{parseDate '2020-01-02T03:04:05.123Z'}}"), "2020-01-02T03:04:05Z")
        XCTAssertEqual(try TemplateTesting.render("{{parseDate 'Thu, 02 Jan 2020 03:04:05 GMT'}}"), "2020-01-02T03:04:05Z")
        XCTAssertEqual(try TemplateTesting.render("{{date (parseDate '04/03/2021' format='dd/MM/yyyy') format='yyyy-MM-dd'}}"), "2021-03-04")
        XCTAssertEqual(try TemplateTesting.render("{{parseDate '1614834367' format='unix'}}|{{parseDate '1614834367000' format='epoch'}}"), "2021-03-04T05:06:07Z|2021-03-04T05:06:07Z")
        XCTAssertEqual(try TemplateTesting.render("[{{parseDate '2021-03-04'}}|{{parseDate 'garbage'}}|{{parseDate}}]"), "[||]")
    }

    func test_date_movesAParsedDate_endOfMonthClamped() throws {
        XCTAssertEqual(try TemplateTesting.render("{{date (parseDate '2021-01-31T00:00:00Z') offset='1 months'}}"), "2021-02-28T00:00:00Z")
        XCTAssertEqual(try TemplateTesting.render("{{date (parseDate '2021-03-04T05:06:07Z') format='epoch'}}"), "1614834367000")
        XCTAssertEqual(try TemplateTesting.render("{{date 'not a date'}}"), "2021-03-04T05:06:07Z", "a non-date is now, as in WireMock")
    }

    func test_parseDate_keepsItsOffset_andDateWritesAtIt() throws {
        XCTAssertEqual(try TemplateTesting.render("{{parseDate '2024-03-01T10:00:00+02:00'}}|{{parseDate '2024-03-01T10:00:00.5-05:30'}}"), "2024-03-01T10:00:00+02:00|2024-03-01T10:00:00-05:30")
        XCTAssertEqual(try TemplateTesting.render("{{date (parseDate '2024-03-01T23:00:00+02:00') offset='1 days' format='yyyy-MM-dd HH:mm Z'}}"), "2024-03-02 23:00 +0200")
        XCTAssertEqual(try TemplateTesting.render("{{parseDate '01/03/2024 10:00 -0200' format='dd/MM/yyyy HH:mm Z'}}"), "2024-03-01T10:00:00-02:00")
        XCTAssertEqual(try TemplateTesting.render("{{eq (parseDate '2024-03-01T10:00:00+02:00') (parseDate '2024-03-01T08:00:00Z')}}"), "true")
        XCTAssertEqual(TemplateValue.date(Date(timeIntervalSince1970: -1), offset: 0).rendered, "1969-12-31T23:59:59Z")
        XCTAssertEqual(TemplateValue.date(Date(timeIntervalSince1970: 951_782_400), offset: 0).rendered, "2000-02-29T00:00:00Z")
    }
}
