import Foundation
import MockServer

/// The backend the server tests run on. `make test` runs MockServerTests once on the platform's
/// default and, on Linux, once more with `MOCKSERVER_TEST_BACKEND=portable` (ci/test.sh), so
/// every wire test covers both backends and the portable one cannot rot. ``BackendTests``
/// covers both in any single run.
enum TestBackend {
    /// The backend `MOCKSERVER_TEST_BACKEND` names, if any (``ServerTestCase`` applies it).
    static var forced: MockServer.Backend? {
        ProcessInfo.processInfo.environment["MOCKSERVER_TEST_BACKEND"].flatMap(MockServer.Backend.init(rawValue:))
    }

    /// Every backend this system runs.
    static var available: [MockServer.Backend] { MockServer.Backend.allCases.filter(\.isAvailable) }
}
