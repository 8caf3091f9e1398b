import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// An HTTPS upstream: the upstream's TLS listener, its CA given as `--proxy-ca`.
final class ProxyTLSTests: ProxyTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-tls-\(UUID().uuidString)")

    override var upstreamConfiguration: MockServer.Configuration {
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: folder)
        return configuration
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(at: folder)
    }

    func test_httpsUpstream_trustedThroughProxyCA() throws {
        // Given
        let https = try XCTUnwrap(upstream.httpsBaseURL)
        let proxy = try proxyAll(https.absoluteString, caFile: folder.appendingPathComponent("ca.pem"))

        // When
        let result = HTTP.get(proxy.url("/gallery.json"))

        // Then
        XCTAssertEqual(result.status, 200)
        XCTAssertNotNil(result.json)
        XCTAssertEqual(proxy.requests.first?.proxiedTo, https.absoluteString + "/gallery.json")
    }

    func test_httpsUpstream_untrusted_isAnSSLFailure() throws {
        // Given
        let https = try XCTUnwrap(upstream.httpsBaseURL)
        let proxy = try proxyAll(https.absoluteString)

        // When
        let result = HTTP.get(proxy.url("/gallery.json"))

        // Then
        XCTAssertEqual(result.status, 500)
        XCTAssertTrue(String(decoding: result.body, as: UTF8.self).hasPrefix("SSL failure trying to make a proxied request"))
    }

    func test_proxyCA_notPEM_isATypedError() throws {
        let bad = folder.appendingPathComponent("bad.pem")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("nope".utf8).write(to: bad)
        var configuration = MockServer.Configuration()
        configuration.proxy = MockServer.ProxyOptions(proxyAll: "https://example.com", caFile: bad)
        XCTAssertThrowsError(try MockServer.start(configuration)) { error in
            guard case .invalidProxy = error as? MockServerError else { return XCTFail("\(error)") }
        }
    }
}
