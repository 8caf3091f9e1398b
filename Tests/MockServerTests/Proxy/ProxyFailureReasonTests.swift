import CCurl
import Foundation
import XCTest

@testable import MockServer

/// The reason line of a failed proxy's 500: WireMock's (Java's) words for an unknown host and a
/// refused connection, libcurl's for the rest. (An unknown host is not tried for real: a test's
/// traffic stays on 127.0.0.1, and a name lookup may ask a resolver elsewhere.)
final class ProxyFailureReasonTests: XCTestCase {
    func test_unknownHost_isNamedAsJavaNamesIt() {
        // When
        let reason = ProxyFailureReason.reason(
            code: CURLE_COULDNT_RESOLVE_HOST, url: "https://api.example.test/v1/items?a=1",
            message: "Could not resolve host: api.example.test", osErrno: 0, address: "")

        // Then
        XCTAssertEqual(reason, "api.example.test: Name or service not known")
    }

    func test_refusedConnection_namesTheURLAndTheAddressTried() {
        // When
        let named = ProxyFailureReason.reason(
            code: CURLE_COULDNT_CONNECT, url: "http://localhost:8081/x", message: "Failed to connect",
            osErrno: Int(ECONNREFUSED), address: "127.0.0.1")
        let defaultPort = ProxyFailureReason.reason(
            code: CURLE_COULDNT_CONNECT, url: "https://[::1]/x", message: "Failed to connect", osErrno: Int(ECONNREFUSED), address: "::1")

        // Then
        XCTAssertEqual(named, "Connect to http://localhost:8081 [/127.0.0.1] failed: Connection refused")
        XCTAssertEqual(defaultPort, "Connect to https://[::1]:443 [/::1] failed: Connection refused")
    }

    func test_otherFailures_keepLibcurlsWords() {
        // When
        let timedOut = ProxyFailureReason.reason(
            code: CURLE_OPERATION_TIMEDOUT, url: "http://127.0.0.1:9/x", message: "Operation timed out after 5000 ms", osErrno: 0,
            address: "127.0.0.1")
        let unreachable = ProxyFailureReason.reason(
            code: CURLE_COULDNT_CONNECT, url: "http://127.0.0.1:9/x", message: "Failed to connect: No route to host",
            osErrno: Int(EHOSTUNREACH), address: "127.0.0.1")
        let silent = ProxyFailureReason.reason(code: CURLE_GOT_NOTHING, url: "http://127.0.0.1:9/x", message: "", osErrno: 0, address: "")

        // Then
        XCTAssertEqual(timedOut, "Operation timed out after 5000 ms")
        XCTAssertEqual(unreachable, "Failed to connect: No route to host")
        XCTAssertEqual(silent, String(cString: curl_easy_strerror(CURLE_GOT_NOTHING)))
    }
}
