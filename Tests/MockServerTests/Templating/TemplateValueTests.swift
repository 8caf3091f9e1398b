import Foundation
import XCTest

@testable import MockServer

/// Values print as Java prints what WireMock holds.
final class TemplateValueTests: XCTestCase {
    func test_decimals_printAsJavasDoubleToString() {
        let cases: [(Double, String)] = [
            (5, "5.0"), (2.5, "2.5"), (-0.25, "-0.25"), (0.001, "0.001"), (0.0001, "1.0E-4"), (1234567.5, "1234567.5"),
            (1e7, "1.0E7"), (1.5e10, "1.5E10"), (-3e-5, "-3.0E-5"), (0, "0.0"), (100, "100.0"), (1e21, "1.0E21"),
        ]
        for (value, text) in cases { XCTAssertEqual(TemplateValue.javaDouble(value), text, "\(value)") }
        XCTAssertEqual(TemplateValue.javaDouble(.nan), "NaN")
        XCTAssertEqual(TemplateValue.javaDouble(-.infinity), "-Infinity")
    }

    func test_collections_printAsJavasListAndMap() {
        let object = TemplateValue.object(TemplateObject([("b", .integer(1)), ("a", .array([.string("x"), .null]))]))
        XCTAssertEqual(object.rendered, "{b=1, a=[x, null]}")
        XCTAssertEqual(TemplateValue.listOrSingle([.string("first"), .string("second")]).rendered, "first")
        XCTAssertEqual(TemplateValue.listOrSingle([]).rendered, "")
        XCTAssertEqual(TemplateValue.urlPath("/a/b", segments: [.string("a"), .string("b")]).rendered, "/a/b")
        XCTAssertEqual(TemplateValue.date(Date(timeIntervalSince1970: 0)).rendered, "1970-01-01T00:00:00Z")
        XCTAssertEqual(TemplateValue.null.rendered, "")
    }

    func test_objects_keepTheirOrder_andHeadersIgnoreCase() {
        var object = TemplateObject([("z", .integer(1)), ("a", .integer(2))])
        object["z"] = .integer(3)
        XCTAssertEqual(object.keys, ["z", "a"])
        XCTAssertNil(object["Z"])
        object.ignoresKeyCase = true
        XCTAssertEqual(object["Z"], .integer(3))
        object["z"] = nil
        XCTAssertEqual(object.keys, ["a"])
    }

    func test_json_convertsBothWays() {
        let json = JSONValue.object(["n": .integer(2), "d": .double(2.5), "s": .string("x"), "l": .array([.bool(true), .null])])
        let value = TemplateValue(json: json)
        guard case .object(let object) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(object["n"], .integer(2))
        XCTAssertEqual(object["d"], .decimal(2.5))
        XCTAssertEqual(value.json, json)
    }

    func test_accessors_readNumbersAndText() {
        XCTAssertEqual(TemplateValue.string(" 12 ").intValue, 12)
        XCTAssertEqual(TemplateValue.decimal(3).intValue, 3)
        XCTAssertNil(TemplateValue.decimal(3.5).intValue)
        XCTAssertEqual(TemplateValue.string("2.5").doubleValue, 2.5)
        XCTAssertNil(TemplateValue.string("nan").doubleValue)
        XCTAssertEqual(TemplateValue.listOrSingle([.string("a"), .string("b")]).stringValue, "a")
        XCTAssertEqual(TemplateValue.urlPath("/x", segments: [.string("x")]).elements, [.string("x")])
    }
}
