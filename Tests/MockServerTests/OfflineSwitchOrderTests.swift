import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The offline switch obeys the last command, even when an older one, asked on the main port,
/// is carried out after the answer went out.
final class OfflineSwitchOrderTests: ServerTestCase {
    private var adminSwitch: URL { server.adminURL.appendingPathComponent("__admin/offline") }
    private var mainSwitch: URL { server.url("/__admin/offline") }

    func test_deferredSwitchFromTheMainPort_runningAfterANewerAdminCommand_isDropped() {
        // Given the main port's deferred switch held back until the newer command was applied
        let release = DispatchSemaphore(value: 0)
        server.core.offlineSwitches.beforeDeferredSwitch.withLock { $0 = { _ = release.wait(timeout: .now() + 5) } }

        // When the main port is asked offline, then at once the admin port online
        XCTAssertEqual(HTTP.post(mainSwitch, json: #"{"offline":true}"#).status, 200)
        XCTAssertEqual(HTTP.post(adminSwitch, json: #"{"offline":false}"#).status, 200)
        release.signal()

        // Then the last command won
        XCTAssertTrue(settled(), "the deferred switch ran")
        XCTAssertFalse(server.isOffline)
        XCTAssertEqual(get("/health").status, 200)
    }

    func test_deferredSwitchFromTheMainPort_runningAfterANewerInProcessCommand_isDropped() throws {
        let release = DispatchSemaphore(value: 0)
        server.core.offlineSwitches.beforeDeferredSwitch.withLock { $0 = { _ = release.wait(timeout: .now() + 5) } }

        XCTAssertEqual(HTTP.post(mainSwitch, json: #"{"offline":true}"#).status, 200)
        try server.setOffline(false)
        release.signal()

        XCTAssertTrue(settled())
        XCTAssertFalse(server.isOffline)
    }

    func test_mainThenAdmin_endsOnline_andAdminThenMain_endsOffline_200TimesEach() {
        let client = CurlClient()
        var wrong = 0
        for _ in 0..<200 {
            // As a client issues them: the second call leaves as soon as the first is answered.
            _ = client.request(mainSwitch, method: "POST", body: Data(#"{"offline":true}"#.utf8))
            _ = client.request(adminSwitch, method: "POST", body: Data(#"{"offline":false}"#.utf8))
            XCTAssertTrue(settled())
            if server.isOffline {
                wrong += 1
                try? server.setOffline(false)
            }
        }
        XCTAssertEqual(wrong, 0, "main port {offline:true} then admin port {offline:false} must end online")

        wrong = 0
        for _ in 0..<200 {
            _ = client.request(adminSwitch, method: "POST", body: Data(#"{"offline":false}"#.utf8))
            _ = client.request(mainSwitch, method: "POST", body: Data(#"{"offline":true}"#.utf8))
            XCTAssertTrue(settled())
            if !server.isOffline { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0, "admin port {offline:false} then main port {offline:true} must end offline")
    }

    func test_switchOrder_admitsOnlyCommandsNotOlderThanTheNewestApplied() {
        let order = OfflineSwitchOrder()
        let first = order.issue()
        let second = order.issue()
        XCTAssertLessThan(first, second)
        XCTAssertTrue(order.admit(second))
        XCTAssertFalse(order.admit(first), "an older command after a newer one is dropped")
        XCTAssertTrue(order.admit(order.issue()))
    }

    /// Waits until every command issued so far was applied or dropped.
    private func settled() -> Bool {
        eventually(timeout: 5) { self.server.core.offlineSwitches.isSettled }
    }
}
