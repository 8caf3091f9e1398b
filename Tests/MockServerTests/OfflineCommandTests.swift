import Foundation
import XCTest

@testable import MockServer

/// The body of `POST /__admin/offline`: only a JSON boolean turns the switch (found by `make fuzz`:
/// `{"offline": 1}` used to switch the server off).
final class OfflineCommandTests: XCTestCase {
    func test_booleans_turnTheSwitch() {
        XCTAssertEqual(OfflineCommand.value(in: Data(#"{"offline":true}"#.utf8)), true)
        XCTAssertEqual(OfflineCommand.value(in: Data(#"{ "offline" : false, "note": [1] }"#.utf8)), false)
    }

    func test_numbersStringsAndOtherShapes_areRefused() {
        for body in [#"{"offline":1}"#, #"{"offline":0}"#, #"{"offline":"true"}"#, #"[true]"#, "{}", "offline=true", ""] {
            XCTAssertNil(OfflineCommand.value(in: Data(body.utf8)), body)
        }
    }
}
