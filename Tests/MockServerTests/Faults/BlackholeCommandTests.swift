import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `mockserver --blackhole-port`: a fixed address for connect timeouts, named at start.
final class BlackholeCommandTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }

    func test_banner_namesTheBlackhole_andItSwallowsConnections() throws {
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0", "--blackhole-port", "0", "--log-level", "warning"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 10)
        }
        XCTAssertTrue(waitUntil(timeout: 10) { child.standardOutput.contains("Ctrl-C") }, child.standardError)
        let first = child.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        let found = try XCTUnwrap(first.range(of: "blackhole http://127.0.0.1:"), first)
        let port = try XCTUnwrap(Int(first[found.upperBound...].prefix { $0.isNumber }))
        XCTAssertTrue(child.standardOutput.contains("Blackhole: http://127.0.0.1:\(port)"), "the catalog lists it too")
        XCTAssertEqual(HTTP.get(try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/")), timeout: 0.3).code, CurlCode.timedOut)
    }

    func test_busyBlackholePort_exitsWithStatus1_namingTheOption() throws {
        let holder = try Blackhole(host: try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 0)))
        defer { holder.close() }
        let busy = holder.address.port
        let child = try ChildProcess(binary, ["--port", "0", "--admin-port", "0", "--blackhole-port", "\(busy)"])
        XCTAssertEqual(child.waitForExit(timeout: 10), 1, child.standardError)
        XCTAssertEqual(
            child.standardError.trimmingCharacters(in: .whitespacesAndNewlines),
            "mockserver: port \(busy) on 127.0.0.1 is in use (EADDRINUSE); pick another with --blackhole-port")
    }

    func test_badBlackholePort_isAUsageError() throws {
        for arguments in [["--blackhole-port", "70000"], ["--port", "9000", "--blackhole-port", "9000"], ["--port", "65534"]] {
            let child = try ChildProcess(binary, arguments)
            XCTAssertEqual(child.waitForExit(timeout: 10), 64, "\(arguments): \(child.standardError)")
        }
    }

    func test_inProcess_aFixedPortIsUsed_andAnOutOfRangeOneRefused() throws {
        let holder = try Blackhole(host: try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 0)))
        let free = holder.address.port
        holder.close()
        var configuration = MockServer.Configuration()
        configuration.blackholePort = free
        let server = try MockServer.start(configuration)
        defer { server.stop() }
        XCTAssertEqual(server.blackholeURL.port, free)
        configuration.blackholePort = 70_000
        XCTAssertThrowsError(try MockServer.start(configuration))
    }
}
