import Foundation
import XCTest

@testable import MockServer

/// Mappings as WireMock's recorder and `POST /__admin/mappings/save` write them: with
/// `persistent` and `insertionIndex`, fields WireMock loads back. The comparison tests load such a
/// file (Tests/Fixtures/WireMockShared/mappings/third-party/recorded/) in both servers.
final class RecordedMappingTests: XCTestCase {
    func test_recordedMapping_withInsertionIndex_loadsAsInWireMock() throws {
        let json = #"""
            {"id":"3f1c9a52-5c0e-4d3b-9c52-0f9e1f0a2b77","name":"api_v2_orders",
             "request":{"url":"/api/v2/orders","method":"GET"},
             "response":{"status":200,"bodyFileName":"recorded/body.json"},
             "uuid":"3f1c9a52-5c0e-4d3b-9c52-0f9e1f0a2b77","persistent":true,"insertionIndex":4}
            """#
        let stub = try Stub(json: Data(json.utf8))
        XCTAssertEqual(stub.name, "api_v2_orders")
    }

    func test_insertionIndex_mustBeAWholeNumber() {
        // A string of digits ("4") is read as WireMock reads it.
        for value in [#""four""#, "-1", "1.5"] {
            let json = #"{"request":{"url":"/x"},"insertionIndex":"# + value + "}"
            XCTAssertThrowsError(try Stub(json: Data(json.utf8)), json) { error in
                XCTAssertEqual((error as? StubError)?.field, "insertionIndex", json)
            }
        }
    }
}
