import Contracts
import Networking
import XCTest

/// The libcurl client keeps every HTTPClient rule.
final class CurlHTTPClientConformanceTests: XCTestCase, HTTPClientContractSpec {
    static let ours = HTTPClientSubject(name: "CurlHTTPClient") { perHost in
        CurlHTTPClient(configuration: .init(maxConnectionsPerHost: perHost))
    }

    var subject: HTTPClientSubject { Self.ours }

    func test_http_bodyIntact() async { await assertKeeps(HTTPClientContracts.bodyIntact, subject) }
    func test_http_totalDeadline() async { await assertKeeps(HTTPClientContracts.totalDeadline, subject) }
    func test_http_stallDeadline() async { await assertKeeps(HTTPClientContracts.stallDeadline, subject) }
    func test_http_slowHeaders() async { await assertKeeps(HTTPClientContracts.slowHeaders, subject) }
    func test_http_refusedIsOffline() async { await assertKeeps(HTTPClientContracts.refusedIsOffline, subject) }
    func test_http_cutBodyIsConnectionLost() async { await assertKeeps(HTTPClientContracts.cutBodyIsConnectionLost, subject) }
    func test_http_resetIsConnectionLost() async { await assertKeeps(HTTPClientContracts.resetIsConnectionLost, subject) }
    func test_http_notFoundIsHTTPStatus() async { await assertKeeps(HTTPClientContracts.notFoundIsHTTPStatus, subject) }
    func test_http_serverErrorIsHTTPStatus() async { await assertKeeps(HTTPClientContracts.serverErrorIsHTTPStatus, subject) }
    func test_http_tooLargeByContentLength() async { await assertKeeps(HTTPClientContracts.tooLargeByContentLength, subject) }
    func test_http_tooLargeByStream() async { await assertKeeps(HTTPClientContracts.tooLargeByStream, subject) }
    func test_http_cancellationIsPrompt() async { await assertKeeps(HTTPClientContracts.cancellationIsPrompt, subject) }
    func test_http_perHostLimit() async { await assertKeeps(HTTPClientContracts.perHostLimit, subject) }
    func test_http_connectionReuse() async { await assertKeeps(HTTPClientContracts.connectionReuse, subject) }
    func test_http_offlineSwitch() async { await assertKeeps(HTTPClientContracts.offlineSwitch, subject) }
    func test_http_errorMessages() async { await assertKeeps(HTTPClientContracts.errorMessages, subject) }
}
