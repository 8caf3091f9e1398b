import XCTest

@testable import MockServer

/// The helper table: one name, one helper, across every family's fragment.
final class TemplateHelpersTableTests: XCTestCase {
    func test_noTwoFamilies_defineTheSameName() {
        XCTAssertEqual(TemplateHelpers.collisions, [])
    }

    func test_theEnginesHelpers_areInTheTable() {
        let names = ["if", "unless", "each", "with", "lookup", "now", "date", "parseDate", "jsonPath", "xPath", "regexExtract", "formData", "parseJson", "toJson"]
        for name in names { XCTAssertNotNil(TemplateHelpers.all[name], name) }
        XCTAssertEqual(TemplateHelpers.fragments.count, 8, "Handlebars' built-ins, then WireMock's seven families")
    }
}
