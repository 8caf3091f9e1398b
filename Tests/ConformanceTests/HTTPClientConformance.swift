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
        static let queueTimeCounting = HTTPClientSubject(name: "QueueTimeCountingClient") { perHost in
            QueueTimeCountingClient(inner: real(64), slots: HostSlots(limit: perHost))
        }
        static let connectDeadlineIgnoring = twin("ConnectDeadlineIgnoringClient") { ConnectDeadlineIgnoringClient(inner: $0) }
        /// Follows no redirect: the 302 is the answer.
        static let redirectRefusing = HTTPClientSubject(name: "RedirectRefusingClient") { perHost in
            CurlHTTPClient(configuration: .init(maxConnectionsPerHost: perHost, maxRedirects: 0))
        }
        /// Follows redirects without a limit: a loop runs until the total deadline.
        static let endlessRedirects = HTTPClientSubject(name: "EndlessRedirectsClient") { perHost in
            CurlHTTPClient(configuration: .init(maxConnectionsPerHost: perHost, maxRedirects: Int.max))
        }
        static let lostAsEmptyResponse = twin("LostAsEmptyResponseClient") { LostAsEmptyResponseClient(inner: $0) }
        static let protocolErrorAsLost = twin("ProtocolErrorAsLostClient") { ProtocolErrorAsLostClient(inner: $0) }

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
            (HTTPClientContracts.queuedRequestClocks, queueTimeCounting),
            (HTTPClientContracts.connectDeadline, connectDeadlineIgnoring),
            (HTTPClientContracts.redirectsFollowed, redirectRefusing),
            (HTTPClientContracts.redirectLoopIsAnError, endlessRedirects),
            (HTTPClientContracts.emptyReplyIsConnectionLost, lostAsEmptyResponse),
            (HTTPClientContracts.garbageIsInvalidResponse, protocolErrorAsLost),
        ]

        @Test(arguments: HTTPClientContracts.all)
        func curlHTTPClientKeeps(_ contract: Contract<HTTPClientSubject>) async {
            await expectKeeps(contract, Self.curl)
        }

        /// Rules the URLSession adapter cannot keep on Linux (docs/CONFORMANCE.md, notes, says
        /// why). Each must still be broken: the test fails once one is kept, so the list cannot
        /// go stale.
        static let urlSessionKnownViolations: Set<String> = [HTTPClientContracts.connectDeadline.id]

        @Test(arguments: HTTPClientContracts.all)
        func urlSessionHTTPClientKeeps(_ contract: Contract<HTTPClientSubject>) async {
            guard Self.urlSessionKnownViolations.contains(contract.id) else {
                await expectKeeps(contract, Self.urlSession)
                return
            }
            let violation = await contract.check(Self.urlSession)
            #expect(violation != nil, "URLSessionHTTPClient now keeps \(contract.id): take it off urlSessionKnownViolations")
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }
}
