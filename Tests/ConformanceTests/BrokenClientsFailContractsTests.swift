import Contracts
import Networking
import XCTest

/// Every HTTPClient contract can fail: each is run against a client that breaks its rule, and
/// must report a violation (XCTExpectFailure does not exist on Linux, so the returned
/// violation is inspected instead of an XCTest failure being expected).
final class BrokenClientsFailContractsTests: XCTestCase {
    /// The real client the broken twins wrap.
    static func real(_ perHost: Int = 6) -> any HTTPClient {
        CurlHTTPClient(configuration: .init(maxConnectionsPerHost: perHost))
    }

    static func twin(_ name: String, _ wrap: @escaping @Sendable (any HTTPClient) -> any HTTPClient) -> HTTPClientSubject {
        HTTPClientSubject(name: name) { perHost in wrap(real(perHost)) }
    }

    static let corrupting = twin("CorruptingClient") { CorruptingClient(inner: $0) }
    static let deadlineIgnoring = twin("DeadlineIgnoringClient") { DeadlineIgnoringClient(inner: $0) }
    static let everythingTimesOut = twin("EverythingTimesOutClient") { EverythingTimesOutClient(inner: $0) }
    static let statusIgnoring = twin("StatusIgnoringClient") { StatusIgnoringClient(inner: $0) }
    static let buffering = twin("BufferingClient") { BufferingClient(inner: $0) }
    static let uncancellable = twin("UncancellableClient") { UncancellableClient(inner: $0) }
    static let unlimited = HTTPClientSubject(name: "UnlimitedClient") { _ in real(64) }
    static let freshConnections = HTTPClientSubject(name: "FreshConnectionClient") { perHost in
        FreshConnectionClient { real(perHost) }
    }

    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<HTTPClientSubject>, twin: HTTPClientSubject)] = [
        (HTTPClientContracts.bodyIntact, corrupting),
        (HTTPClientContracts.totalDeadline, deadlineIgnoring),
        (HTTPClientContracts.stallDeadline, deadlineIgnoring),
        (HTTPClientContracts.slowHeaders, deadlineIgnoring),
        (HTTPClientContracts.refusedIsOffline, everythingTimesOut),
        (HTTPClientContracts.cutBodyIsConnectionLost, everythingTimesOut),
        (HTTPClientContracts.resetIsConnectionLost, everythingTimesOut),
        (HTTPClientContracts.notFoundIsHTTPStatus, statusIgnoring),
        (HTTPClientContracts.serverErrorIsHTTPStatus, statusIgnoring),
        (HTTPClientContracts.tooLargeByContentLength, buffering),
        (HTTPClientContracts.tooLargeByStream, buffering),
        (HTTPClientContracts.cancellationIsPrompt, uncancellable),
        (HTTPClientContracts.perHostLimit, unlimited),
        (HTTPClientContracts.connectionReuse, freshConnections),
        (HTTPClientContracts.offlineSwitch, everythingTimesOut),
        (HTTPClientContracts.errorMessages, statusIgnoring),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: HTTPClientContracts.all)
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name)
    }
}
