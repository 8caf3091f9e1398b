import Foundation
import MockServer
import TestSupport
import XCTest

/// The fixture every `testbed` command test shares: an in-process mock server on port 0 and an
/// empty folder of the test's own for the child's caches, both gone after each test.
class CommandTestCase: TemporaryFolderTestCase {
    var server: MockServer!

    /// The mock server's configuration; a test class overrides it to change one setting.
    var serverConfiguration: MockServer.Configuration { MockServer.Configuration() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start(serverConfiguration)
    }

    override func tearDown() {
        server.stop()
        super.tearDown()
    }
}
