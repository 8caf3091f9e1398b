import Foundation
import MockServer
import XCTest

/// A test case with its own ``MockServer`` on 127.0.0.1 with HTTPS (port 0 for every listener),
/// started before each test and stopped after it. The server's CA is kept in a temporary
/// folder of this process: created by the first server of a class, loaded by the later ones,
/// removed after the class (the next class's first server makes a new one).
class HTTPSServerTestCase: XCTestCase {
    var server: MockServer!
    /// The CA's folder.
    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("testbed-https-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: Self.directory)
        server = try MockServer.start(configuration)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// The server's CA certificate as PEM bytes, what a client trusts.
    func certificateAuthority() throws -> Data {
        Data(try XCTUnwrap(server.certificateAuthorityPEM).utf8)
    }

    /// `/images/1.png` on `fault`'s listener.
    func faultURL(_ fault: MockServer.TLSFault, _ path: String = "/images/1.png") throws -> URL {
        try XCTUnwrap(URL(string: try XCTUnwrap(server.tlsFaultURL(fault)).absoluteString + path))
    }

    /// `pathAndQuery` on the TLS port.
    func httpsURL(_ pathAndQuery: String) throws -> URL {
        try XCTUnwrap(server.httpsURL(pathAndQuery))
    }
}
