import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A server started without HTTPS says so instead of half-answering.
final class PlainServerTLSTests: ServerTestCase {
    func test_withoutTLS_thereIsNoHTTPSURL_andTheCAEndpointSaysHowToTurnItOn() throws {
        XCTAssertNil(server.httpsBaseURL)
        XCTAssertNil(server.tlsFaultURL(.expired))
        XCTAssertNil(server.certificateAuthorityPEM)
        let answer = HTTP.get(server.adminURL.appendingPathComponent("__admin/ca.pem"))
        XCTAssertEqual(answer.status, 404)
        XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains("--tls-port"))
        let catalog = HTTP.get(server.adminURL.appendingPathComponent("__admin/catalog"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: catalog.body) as? [String: Any])
        XCTAssertNil(object["https"])
    }
}
