import ContractsCore
/// Adopt in an `XCTestCase` to run the HTTPClient suite: the compiler lists the methods to
/// declare (XCTest on Linux only runs `test…` methods declared in the class itself), and each
/// body is one line: `await assertKeeps(HTTPClientContracts.totalDeadline, subject)`.
public protocol HTTPClientContractSpec {
    /// The implementation under test.
    var subject: HTTPClientSubject { get }
    func test_http_bodyIntact() async
    func test_http_totalDeadline() async
    func test_http_stallDeadline() async
    func test_http_slowHeaders() async
    func test_http_refusedIsOffline() async
    func test_http_cutBodyIsConnectionLost() async
    func test_http_resetIsConnectionLost() async
    func test_http_notFoundIsHTTPStatus() async
    func test_http_serverErrorIsHTTPStatus() async
    func test_http_tooLargeByContentLength() async
    func test_http_tooLargeByStream() async
    func test_http_cancellationIsPrompt() async
    func test_http_perHostLimit() async
    func test_http_connectionReuse() async
    func test_http_offlineSwitch() async
    func test_http_errorMessages() async
    func test_http_queuedRequestClocks() async
    func test_http_connectDeadline() async
    func test_http_redirectsFollowed() async
    func test_http_redirectLoopIsAnError() async
    func test_http_emptyReplyIsConnectionLost() async
    func test_http_garbageIsInvalidResponse() async
    func test_http_certificateFailureIsCertificateError() async
    func test_http_validChainWorks() async
    func test_http_stalledHandshakeEndsAtStallDeadline() async
    func test_http_httpsBodyIntact() async
}
