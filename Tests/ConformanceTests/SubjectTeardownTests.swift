import Contracts
import Foundation
import ImageCache
import Networking
import Synchronization
import Testing

/// A subject's factory may return a teardown: the suite runs it for every instance a check
/// made, before the check returns, whether the rule held, was violated, or a request overran
/// its watchdog.
@Suite struct SubjectTeardownTests {
    /// Instances made and torn down so far.
    final class Ledger: Sendable {
        /// Instances made and torn down (a named state: a tuple in a Mutex trips the sanitizer check).
        private struct Counts {
            var opened = 0
            var tornDown = 0
        }

        private let counts = Mutex(Counts())
        var opened: Int { counts.withLock { $0.opened } }
        var tornDown: Int { counts.withLock { $0.tornDown } }

        func instance<Value: Sendable>(_ value: Value) -> SubjectInstance<Value> {
            counts.withLock { $0.opened += 1 }
            return SubjectInstance(value) { self.tearDownOne() }
        }

        private func tearDownOne() {
            counts.withLock { $0.tornDown += 1 }
        }
    }

    /// An HTTP subject whose clients (each `wrap`ping ours) are counted in `ledger`.
    static func counted(_ ledger: Ledger, _ wrap: @escaping @Sendable (any HTTPClient) -> any HTTPClient) -> HTTPClientSubject {
        HTTPClientSubject(name: "Counted") { (setup: HTTPClientSetup) in
            ledger.instance(wrap(CurlHTTPClient(configuration: .init(maxConnectionsPerHost: setup.maxConnectionsPerHost))))
        }
    }

    @Test func httpClient_teardownRunsAfterAHoldingCheck() async {
        // Given a subject whose clients count their teardowns
        let ledger = Ledger()

        // When a rule that holds is checked
        let violation = await HTTPClientContracts.notFoundIsHTTPStatus.check(Self.counted(ledger) { $0 })

        // Then the one client it made was torn down by the time the check returned
        #expect(violation == nil)
        #expect(ledger.opened == 1)
        #expect(ledger.tornDown == 1)
    }

    @Test func httpClient_teardownRunsAfterAViolation() async {
        // Given clients that treat every status as success
        let ledger = Ledger()

        // When the 404 rule is checked (and broken)
        let violation = await HTTPClientContracts.notFoundIsHTTPStatus.check(Self.counted(ledger) { StatusIgnoringClient(inner: $0) })

        // Then the client was torn down all the same
        #expect(violation != nil)
        #expect(ledger.opened == 1)
        #expect(ledger.tornDown == 1)
    }

    @Test func httpClient_teardownRunsAfterAWatchdogOverrun() async {
        // Given clients that never answer (until cancelled)
        let ledger = Ledger()

        // When the refused-connection rule's watchdog gives up on it
        let violation = await HTTPClientContracts.refusedIsOffline.check(Self.counted(ledger) { _ in SilentClient() })

        // Then the rule is broken, and the client was torn down
        #expect(violation?.observed.contains("no answer") == true)
        #expect(ledger.opened == 1)
        #expect(ledger.tornDown == 1)
    }

    @Test func httpClient_setupCarriesTheChecksDeadlines() async {
        // Given a subject that records the setups it was given
        let setups = Mutex<[HTTPClientSetup]>([])
        let subject = HTTPClientSubject(name: "Recording") { (setup: HTTPClientSetup) in
            setups.withLock { $0.append(setup) }
            return SubjectInstance(CurlHTTPClient(configuration: .init(maxConnectionsPerHost: setup.maxConnectionsPerHost)))
        }

        // When the stall rule and the per-host rule are checked
        _ = await HTTPClientContracts.stallDeadline.check(subject)
        _ = await HTTPClientContracts.perHostLimit.check(subject)

        // Then the client got the stall rule's deadlines and the per-host rule's limit
        let seen = setups.withLock { $0 }
        #expect(seen.first?.timeouts == RequestTimeouts(connect: .seconds(2), stall: .milliseconds(500), total: .seconds(10)))
        #expect(seen.last?.maxConnectionsPerHost == 3)
    }

    @Test func imageLoading_teardownRunsForEveryLoaderOfARestart() async {
        // Given loaders that count their teardowns
        let ledger = Ledger()
        let subject = ImageLoadingSubject(name: "Counted") { folder, timeouts in
            ledger.instance(
                ImagePipeline(
                    client: CurlHTTPClient(), memory: MemoryImageCache(), disk: DiskCache(folder: folder),
                    configuration: .init(timeouts: timeouts)) as any ImageLoading)
        }

        // When the restart rule opens two loaders on one folder
        let violation = await ImageLoadingContracts.restartOffline.check(subject)

        // Then both were torn down when it returned
        #expect(violation == nil)
        #expect(ledger.opened == 2)
        #expect(ledger.tornDown == 2)
    }
}

/// Never answers; ends with `cancelled` once its task is cancelled (as the watchdog does).
private struct SilentClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try? await Task.sleep(for: .seconds(60))
        throw .cancelled
    }
}
