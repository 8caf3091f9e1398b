import Foundation
import XCTest

@testable import WebApp

/// What the page may post, and what it gets for anything else.
final class PageEventTests: XCTestCase {
    private func parse(_ json: String) throws(PageEventError) -> PageEvent {
        try PageEvent.parse(Data(json.utf8))
    }

    private func refusal(_ json: String) -> PageEventError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    func test_everyEventType_parses() throws {
        XCTAssertEqual(try parse(#"{"type":"open","screen":"gallery"}"#), .open(.gallery))
        XCTAssertEqual(try parse(#"{"type":"open","screen":"feed"}"#), .open(.feed))
        XCTAssertEqual(try parse(#"{"type":"back"}"#), .back)
        XCTAssertEqual(try parse(#"{"type":"gallery.load"}"#), .galleryLoad)
        XCTAssertEqual(try parse(#"{"type":"gallery.resize","width":390,"height":844.5}"#), .galleryResize(width: 390, height: 844.5))
        XCTAssertEqual(try parse(#"{"type":"gallery.visible","offset":120.25,"height":800}"#), .galleryVisible(offset: 120.25, height: 800))
        XCTAssertEqual(try parse(#"{"type":"gallery.tap","index":3}"#), .galleryTap(index: 3))
        XCTAssertEqual(try parse(#"{"type":"gallery.refresh"}"#), .galleryRefresh)
        XCTAssertEqual(try parse(#"{"type":"gallery.nextPage"}"#), .galleryNextPage)
        XCTAssertEqual(try parse(#"{"type":"gallery.previousPage"}"#), .galleryPreviousPage)
        XCTAssertEqual(try parse(#"{"type":"feed.load"}"#), .feedLoad)
        XCTAssertEqual(try parse(#"{"type":"feed.settings"}"#), .feedSettings)
        XCTAssertEqual(try parse(#"{"type":"settings.toggle","on":false}"#), .settingsToggle(on: false))
        XCTAssertEqual(try parse(#"{"type":"done","completion":7}"#), .done(completion: 7))
    }

    func test_extraFields_areIgnored() throws {
        XCTAssertEqual(try parse(#"{"type":"gallery.tap","index":1,"x":5,"note":"from a newer page"}"#), .galleryTap(index: 1))
    }

    func test_notJSON_isRefused() {
        XCTAssertEqual(refusal("tap 1"), .notJSON)
        XCTAssertEqual(refusal(""), .notJSON)
        XCTAssertEqual(refusal("[1,2]"), .notJSON)
    }

    func test_missingOrWrongFields_nameTheField() {
        XCTAssertEqual(refusal(#"{"screen":"feed"}"#), .missingField("type"))
        XCTAssertEqual(refusal(#"{"type":"gallery.tap"}"#), .missingField("index"))
        XCTAssertEqual(refusal(#"{"type":"gallery.tap","index":null}"#), .missingField("index"))
        XCTAssertEqual(refusal(#"{"type":"gallery.tap","index":"2"}"#), .wrongKind(field: "index", expected: "a whole number"))
        XCTAssertEqual(refusal(#"{"type":"settings.toggle","on":"yes"}"#), .wrongKind(field: "on", expected: "true or false"))
        XCTAssertEqual(refusal(#"{"type":7}"#), .wrongKind(field: "type", expected: "a string"))
    }

    func test_outOfRangeValues_areRefused() {
        XCTAssertEqual(refusal(#"{"type":"gallery.tap","index":-1}"#), .outOfRange(field: "index", expected: "a whole number from 0 to 1000000"))
        XCTAssertEqual(refusal(#"{"type":"gallery.tap","index":1000001}"#), .outOfRange(field: "index", expected: "a whole number from 0 to 1000000"))
        XCTAssertNotNil(refusal(#"{"type":"gallery.tap","index":1.5}"#))
        XCTAssertNotNil(refusal(#"{"type":"gallery.tap","index":1e300}"#))
        XCTAssertEqual(refusal(#"{"type":"gallery.resize","width":-1,"height":10}"#), .outOfRange(field: "width", expected: "a number from 0 to 10000000"))
        XCTAssertEqual(refusal(#"{"type":"gallery.visible","offset":0,"height":1e308}"#), .outOfRange(field: "height", expected: "a number from 0 to 10000000"))
        XCTAssertEqual(refusal(#"{"type":"open","screen":"settings"}"#), .outOfRange(field: "screen", expected: "\"gallery\" or \"feed\""))
    }

    func test_unknownType_isNamed_andLongNamesAreCut() {
        XCTAssertEqual(refusal(#"{"type":"gallery.explode"}"#), .unknownType("gallery.explode"))
        let long = String(repeating: "x", count: 1000)
        XCTAssertEqual(refusal(#"{"type":"\#(long)"}"#), .unknownType(String(repeating: "x", count: 64)))
    }

    func test_oversizedBody_isRefusedBeforeParsing() {
        let padding = String(repeating: " ", count: PageEvent.maxBodyBytes)
        XCTAssertEqual(refusal(#"{"type":"back"}"# + padding), .tooLarge(bytes: PageEvent.maxBodyBytes + 15))
    }

    func test_everyRefusal_hasAClearSentence() {
        let errors: [PageEventError] = [
            .notJSON, .tooLarge(bytes: 20_000), .missingField("index"), .wrongKind(field: "on", expected: "true or false"),
            .outOfRange(field: "index", expected: "a whole number"), .unknownType("x"),
        ]
        for error in errors {
            XCTAssertFalse(error.description.isEmpty)
            XCTAssertFalse(error.description.contains("DecodingError"), error.description)
        }
        XCTAssertEqual(PageEventError.missingField("index").description, "the event has no 'index'")
    }
}
