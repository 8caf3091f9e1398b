import Contracts
import ContractsTesting
import Networking
import Testing

extension Conformance {
    /// The libcurl client and the FoundationNetworking adapter keep every HTTPClient rule, and
    /// every rule fails for a client that breaks it (BrokenClients.swift).
    @Suite struct HTTPClientSuite {
        /// Our client. Deadlines come with each request, so only the per-host limit of the
        /// setup configures it, and it has nothing to tear down.
        static let curl = HTTPClientSubject(name: "CurlHTTPClient") { (setup: HTTPClientSetup) in
            SubjectInstance(CurlHTTPClient(configuration: .init(maxConnectionsPerHost: setup.maxConnectionsPerHost)))
        }

        /// The FoundationNetworking adapter (per-request deadlines too).
        static let urlSession = HTTPClientSubject(name: "URLSessionHTTPClient") { (setup: HTTPClientSetup) in
            SubjectInstance(URLSessionHTTPClient(maximumConnectionsPerHost: setup.maxConnectionsPerHost))
        }

        /// The real client the broken twins wrap.
        static func real(_ perHost: Int = 6) -> any HTTPClient {
            CurlHTTPClient(configuration: .init(maxConnectionsPerHost: perHost))
        }

        static func twin(_ name: String, _ wrap: @escaping @Sendable (any HTTPClient) -> any HTTPClient) -> HTTPClientSubject {
            HTTPClientSubject(name: name) { (setup: HTTPClientSetup) in SubjectInstance(wrap(real(setup.maxConnectionsPerHost))) }
        }

        static let corrupting = twin("CorruptingClient") { CorruptingClient(inner: $0) }
        static let deadlineIgnoring = twin("DeadlineIgnoringClient") { DeadlineIgnoringClient(inner: $0) }
        static let everythingTimesOut = twin("EverythingTimesOutClient") { EverythingTimesOutClient(inner: $0) }
        static let statusIgnoring = twin("StatusIgnoringClient") { StatusIgnoringClient(inner: $0) }
        static let buffering = twin("BufferingClient") { BufferingClient(inner: $0) }
        static let uncancellable = twin("UncancellableClient") { UncancellableClient(inner: $0) }
        static let unlimited = HTTPClientSubject(name: "UnlimitedClient") { (_: HTTPClientSetup) in SubjectInstance(real(64)) }
        static let freshConnections = HTTPClientSubject(name: "FreshConnectionClient") { (setup: HTTPClientSetup) in
            SubjectInstance(FreshConnectionClient { real(setup.maxConnectionsPerHost) })
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

        @Test(arguments: HTTPClientContracts.all)
        func curlHTTPClientKeeps(_ contract: Contract<HTTPClientSubject>) async {
            await expectKeeps(contract, Self.curl)
        }

        @Test(arguments: HTTPClientContracts.all)
        func urlSessionHTTPClientKeeps(_ contract: Contract<HTTPClientSubject>) async {
            await expectKeeps(contract, Self.urlSession)
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }
}
