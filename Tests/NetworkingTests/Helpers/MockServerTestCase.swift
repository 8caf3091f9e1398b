import MockServer
import XCTest

/// A test case with its own ``MockServer`` on 127.0.0.1 (port 0), started before each test and
/// stopped after it.
class MockServerTestCase: XCTestCase {
    var server: MockServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }
}
