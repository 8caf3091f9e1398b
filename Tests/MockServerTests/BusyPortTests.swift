import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A port already taken is a runtime failure, said in one line: not a usage error.
final class BusyPortTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }
    private var holder: Int32 = -1
    private var busyPort = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "build the products first: \(binary.path)")
        (holder, busyPort) = try Self.listeningSocket()
    }

    override func tearDown() {
        if holder >= 0 { close(holder) }
        super.tearDown()
    }

    func test_mockserver_onABusyMainPort_exitsWithStatus1AndOneClearLine() throws {
        let child = try runOnBusyPort(["--port", "\(busyPort)", "--admin-port", "0"], namesOption: "--port")
        XCTAssertFalse(child.standardError.contains("USAGE") || child.standardOutput.contains("USAGE"))
    }

    func test_mockserver_onABusyAdminPort_namesTheAdminOption() throws {
        _ = try runOnBusyPort(["--port", "0", "--admin-port", "\(busyPort)"], namesOption: "--admin-port")
    }

    /// Runs `mockserver arguments` and asserts it exits 1 with one line that names the busy port
    /// and `option`, the one to change.
    private func runOnBusyPort(
        _ arguments: [String], namesOption option: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ChildProcess {
        let child = try ChildProcess(binary, arguments)
        XCTAssertEqual(child.waitForExit(timeout: 10), 1, child.standardError, file: file, line: line)
        XCTAssertEqual(
            child.standardError.trimmingCharacters(in: .whitespacesAndNewlines),
            "mockserver: port \(busyPort) on 127.0.0.1 is in use (EADDRINUSE); pick another with \(option)", file: file, line: line)
        return child
    }

    func test_mockserver_withABadHost_isStillAUsageError() throws {
        let child = try ChildProcess(binary, ["--host", "nowhere.invalid", "--port", "0"])
        XCTAssertEqual(child.waitForExit(timeout: 10), 64, child.standardError)
    }

    func test_start_onABusyPort_throwsAddressInUse() {
        XCTAssertThrowsError(try MockServer.start(.init(port: busyPort))) { error in
            XCTAssertEqual(error as? MockServerError, .addressInUse(host: "127.0.0.1", port: busyPort))
        }
    }

    /// A TCP socket listening on a free port of 127.0.0.1, and that port.
    private static func listeningSocket() throws -> (Int32, Int) {
        let fd = Sockets.tcp()
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = Loopback.address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
