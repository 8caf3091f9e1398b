import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The admin API cannot be driven by a foreign web page, warns when it is reachable from the
/// network, and can be kept on loopback with `adminHost`.
final class AdminGuardTests: ServerTestCase {
    private var adminOffline: URL { server.adminURL.appendingPathComponent("__admin/offline") }

    // MARK: - Foreign origins

    func test_crossOriginSimpleRequest_cannotFlipTheSwitch_onEitherPort() {
        for url in [server.url("/__admin/offline"), adminOffline] {
            // When a page of another origin posts a "simple" (text/plain) request
            let result = post(url, origin: "http://evil.example")

            // Then
            XCTAssertEqual(result.status, 403, "\(url)")
            XCTAssertEqual(result.json?["status"] as? Int, 403)
            XCTAssertTrue((result.json?["error"] as? String)?.contains("http://evil.example") == true, "\(String(decoding: result.body, as: UTF8.self))")
        }
        XCTAssertFalse(eventually(timeout: 0.3) { self.server.isOffline }, "still online")
        XCTAssertEqual(get("/health").status, 200)
    }

    func test_foreignOrigins_andCrossSiteFetches_areRefused() {
        let foreign = [
            "null", "http://localhost:1", "http://127.0.0.1:1", "https://evil.example:\(server.adminURL.port ?? 0)",
            "http://evil.example:\(server.adminURL.port ?? 0)", "http://10.0.0.1:\(server.adminURL.port ?? 0)", "file://",
        ]
        for origin in foreign {
            XCTAssertEqual(post(adminOffline, origin: origin).status, 403, origin)
        }
        let crossSite = CurlClient().request(
            adminOffline, method: "POST", headers: ["Sec-Fetch-Site: cross-site", "Content-Type: text/plain"],
            body: Data(#"{"offline":true}"#.utf8))
        XCTAssertEqual(crossSite.status, 403, "no Origin, but the browser says cross-site")
        let reset = CurlClient().request(
            server.adminURL.appendingPathComponent("__admin/reset"), method: "POST", headers: ["Origin: http://evil.example"], body: Data())
        XCTAssertEqual(reset.status, 403)
        XCTAssertFalse(server.isOffline)
    }

    func test_sameOriginPages_andClientsWithoutOrigin_mayStillSwitch() throws {
        let adminPort = try XCTUnwrap(server.adminURL.port)
        // A page served from the admin port (a dashboard), under any loopback name
        for origin in ["http://127.0.0.1:\(adminPort)", "http://localhost:\(adminPort)", "http://[::1]:\(adminPort)"] {
            XCTAssertEqual(post(adminOffline, origin: origin, offline: true).status, 200, origin)
            XCTAssertTrue(server.isOffline, origin)
            XCTAssertEqual(post(adminOffline, origin: origin, offline: false).status, 200, origin)
            XCTAssertFalse(server.isOffline, origin)
        }
        let sameOrigin = CurlClient().request(
            adminOffline, method: "POST", headers: ["Sec-Fetch-Site: same-origin", "Origin: http://127.0.0.1:\(adminPort)"],
            body: Data(#"{"offline":false}"#.utf8))
        XCTAssertEqual(sameOrigin.status, 200)
        // curl, tests, native clients: no Origin at all
        XCTAssertEqual(HTTP.post(adminOffline, json: #"{"offline":false}"#).status, 200)
    }

    func test_readingAdminState_withAForeignOrigin_isAllowed() {
        let result = CurlClient().request(adminOffline, headers: ["Origin: http://evil.example"])
        XCTAssertEqual(result.status, 200, "a browser does not let the page read it without CORS headers")
        XCTAssertNil(result.headers["access-control-allow-origin"])
    }

    func test_isOwn_acceptsOnlyTheListenersAddresses() throws {
        let guardian = AdminGuard()
        let main = try XCTUnwrap(SocketAddress(host: "0.0.0.0", port: 8080))
        let admin = try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 8081))
        let wildcard = ServerCore.Endpoints(main: main, admin: admin)
        XCTAssertTrue(guardian.isOwn(origin: "http://192.168.1.5:8080", requestHost: "192.168.1.5", endpoints: wildcard))
        XCTAssertFalse(guardian.isOwn(origin: "http://192.168.1.6:8080", requestHost: "192.168.1.5", endpoints: wildcard))
        XCTAssertFalse(
            guardian.isOwn(origin: "http://rebound.example:8080", requestHost: "rebound.example", endpoints: wildcard),
            "a name may be rebound to this machine by a stranger")
        XCTAssertTrue(guardian.isOwn(origin: "http://localhost:8081", requestHost: nil, endpoints: wildcard))
        XCTAssertTrue(guardian.isOwn(origin: "http://127.0.0.1:8080", requestHost: nil, endpoints: wildcard))
        XCTAssertFalse(guardian.isOwn(origin: "http://127.0.0.1:9999", requestHost: nil, endpoints: wildcard))
        let lan = ServerCore.Endpoints(main: try XCTUnwrap(SocketAddress(host: "192.168.1.5", port: 80)), admin: nil)
        XCTAssertTrue(guardian.isOwn(origin: "http://192.168.1.5", requestHost: nil, endpoints: lan))
        XCTAssertFalse(guardian.isOwn(origin: "http://localhost", requestHost: nil, endpoints: lan))
    }

    // MARK: - Exposure warning and --admin-host

    func test_exposureWarning_namesEveryListenerThatServesAdminBeyondThisMachine() throws {
        let guardian = AdminGuard()
        let anyMain = try XCTUnwrap(SocketAddress(host: "0.0.0.0", port: 8080))
        let loopbackAdmin = try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 8081))
        let anyAdmin = try XCTUnwrap(SocketAddress(host: "::", port: 8081))
        let exposed = guardian.exposureWarning(.init(main: anyMain, admin: anyAdmin))
        XCTAssertTrue(exposed?.contains("0.0.0.0:8080 and [::]:8081") == true, exposed ?? "nil")
        XCTAssertTrue(exposed?.contains("--admin-host 127.0.0.1") == true)
        XCTAssertNil(guardian.exposureWarning(.init(main: anyMain, admin: loopbackAdmin)), "kept on loopback: nothing to warn about")
        XCTAssertNil(guardian.exposureWarning(.init(main: loopbackAdmin.with(port: 8080), admin: loopbackAdmin)))
        XCTAssertNotNil(guardian.exposureWarning(.init(main: anyMain, admin: nil)))
        XCTAssertNil(server.exposureWarning, "the test server on 127.0.0.1 warns of nothing")
    }

    func test_start_onAnExposedHost_logsTheWarningOnce() throws {
        let logs = LogCapture()
        // As with --host 0.0.0.0 (simulated: tests listen on 127.0.0.1 only)
        let exposed = try MockServer.start(.init(logger: logs.logger())) { $0.adminGuard.simulatedExposure.withLock { $0 = [.main, .admin] } }
        defer { exposed.stop() }
        let warnings = logs.lines.filter { $0.hasPrefix("warning") && $0.contains("no authentication") }
        XCTAssertEqual(warnings.count, 1, "\(logs.lines)")
        XCTAssertTrue(warnings.first?.contains(exposed.baseURL.port.map { ":\($0)" } ?? "?") == true)
        XCTAssertEqual(HTTP.get(exposed.url("/__admin/offline")).status, 200, "without --admin-host the main port still serves admin")
    }

    func test_loopbackAdminHost_withAnExposedMainPort_keepsTheAdminAPIOffTheMainPort() throws {
        // Given the main port on the network (simulated) and the admin port on loopback
        let logs = LogCapture()
        let lan = try MockServer.start(.init(adminHost: "127.0.0.1", logger: logs.logger())) {
            $0.adminGuard.simulatedExposure.withLock { $0 = [.main] }
        }
        defer { lan.stop() }

        // Then the main port refuses every admin call, and serves the rest
        for (method, path) in [("GET", "/__admin/offline"), ("POST", "/__admin/offline"), ("GET", "/__admin/requests"), ("GET", "/__admin/catalog")] {
            let result = CurlClient().request(lan.url(path), method: method, body: method == "POST" ? Data(#"{"offline":true}"#.utf8) : nil)
            XCTAssertEqual(result.status, 403, "\(method) \(path)")
        }
        XCTAssertFalse(lan.isOffline)
        XCTAssertEqual(HTTP.get(lan.url("/health")).status, 200)
        // and the admin port works
        XCTAssertEqual(HTTP.post(lan.adminURL.appendingPathComponent("__admin/offline"), json: #"{"offline":true}"#).status, 200)
        XCTAssertTrue(lan.isOffline)
        XCTAssertNil(lan.exposureWarning)
        XCTAssertFalse(logs.lines.contains { $0.contains("no authentication") })
    }

    func test_adminHost_decidesWhereTheAdminPortListens_andABadOneIsRefused() throws {
        let server = try MockServer.start(.init(adminHost: "127.0.0.1"))
        defer { server.stop() }
        XCTAssertEqual(server.adminURL.host, "127.0.0.1")
        XCTAssertEqual(HTTP.get(server.url("/__admin/offline")).status, 200, "both on loopback: the main port serves admin too")
        XCTAssertThrowsError(try MockServer.start(.init(adminHost: "not-an-address"))) { error in
            XCTAssertEqual(error as? MockServerError, .invalidHost("not-an-address"))
        }
    }

    func test_catalogOnTheAdminPort_pointsEndpointsAtTheMainPort() throws {
        let catalog = HTTP.get(server.adminURL.appendingPathComponent("__admin/catalog")).json
        XCTAssertEqual(catalog?["baseURL"] as? String, server.baseURL.absoluteString)
        XCTAssertEqual(catalog?["adminURL"] as? String, server.adminURL.absoluteString)
    }

    // MARK: - Helpers

    /// A POST as a browser page sends it: text/plain (no preflight), with an `Origin`.
    private func post(_ url: URL, origin: String, offline: Bool = true) -> CurlResult {
        CurlClient().request(
            url, method: "POST", headers: ["Origin: \(origin)", "Content-Type: text/plain"],
            body: Data(#"{"offline":\#(offline)}"#.utf8))
    }
}
