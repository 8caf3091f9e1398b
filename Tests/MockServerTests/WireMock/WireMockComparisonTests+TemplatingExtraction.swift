import Foundation
import XCTest

/// Response templating's dates and extraction helpers (`now`, `date`, `parseDate`, `jsonPath`,
/// `xPath`, `regexExtract`, `formData`, `parseJson`, `toJson`; mappings under
/// `mappings/templating-helpers/`), checked against real WireMock 2.35 first. The current
/// time is compared by shape (`assertShapes`).
extension WireMockComparisonTests {
    // MARK: - Dates

    func test_templating_now_hasWireMocksFormats() throws {
        let day = #"20[0-9]{2}-[01][0-9]-[0-3][0-9]"#
        let time = #"[0-2][0-9]:[0-5][0-9]:[0-6][0-9]"#
        try assertShapes([
            TemplatedShapeProbe(
                "GET", "/tmpl-helpers/dates/now",
                lines: [
                    .shape("now=\(day)T\(time)Z"), .shape("format=\(day)"), .shape("offset=\(day)"),
                    .shape("epoch=[0-9]{13}"), .shape("unix=[0-9]{10}"), .shape(#"timezone=\#(day) \#(time)\+1[01]00"#),
                    .shape("offset, negative=\(day)T\(time)"),
                ],
                check: TemplatedShapeChecks.all([
                    TemplatedShapeChecks.daysApart("format", "offset", days: 3),
                    TemplatedShapeChecks.nearNow("epoch", unitsPerSecond: 1000),
                    TemplatedShapeChecks.nearNow("unix", unitsPerSecond: 1),
                ])),
        ])
    }

    func test_templating_dateAndParseDate_renderAsWireMockDoes() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/dates/fixed", headers: ["X-Date: 2022-12-31T23:59:59Z"],
                body: templatedLines(
                    "parseDate=2021-03-04T05:06:07Z", "date=2021/03/04 05:06", "date, offset=2021-03-05",
                    "parseDate, format=2021-03-04", "parseDate, unix=2021-03-04", "date, epoch=1614834367000",
                    "request date=2022-12-31")),
        ])
    }

    // MARK: - Extraction

    func test_templating_extractionHelpers_renderAsWireMockDoes() throws {
        try assertAnswers([
            templatedPost(
                "/tmpl-helpers/extract/json", #"{"name": "ada", "items": [{"id": 1}, {"id": 2}]}"#,
                answer: templatedLines(
                    "name=ada", "items[1].id=2", "length=2", #"items=[{"id":1},{"id":2}]"#, "missing=[]", "each=1,2,",
                    "parseJson=ada 1", "parseJson, block=v")),
            templatedPost(
                "/tmpl-helpers/extract/xml", "<order><name>ada</name><item id='1'/><item id='2'/></order>",
                answer: templatedLines("text=ada", "attribute=2", "each=1;2;")),
            templatedPost(
                "/tmpl-helpers/extract/form", "name=ada&tag=a&tag=b&note=x%20y",
                headers: ["Content-Type: application/x-www-form-urlencoded"],
                answer: templatedLines("name=ada", "tag=a tag.[1]=b", "decoded=x y")),
            StubProbe(
                "GET", "/tmpl-helpers/extract/regex?code=ABC-123",
                body: templatedLines("first match=123", "groups=ABC 123", "default=none", "no match=[ERROR: Nothing matched [0-9]+]")),
        ])
    }

    func test_templating_toJson_isWireMock3s_andWireMock235Lacks() throws {
        // WireMock 3 writes it with Jackson's default pretty printer, which keeps an array on one line.
        try assertHelperNewerThanWireMock235("toJson", path: "/tmpl-helpers/extract/to-json", expected: #"[ 1, "two" ]"#)
    }
}
