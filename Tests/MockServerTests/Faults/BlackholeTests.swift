import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The blackhole: an address whose `connect()` never completes, at no CPU or thread cost.
final class BlackholeTests: XCTestCase {
    private func loopback() throws -> SocketAddress {
        try XCTUnwrap(SocketAddress(host: "127.0.0.1", port: 0))
    }

    /// Starts a non-blocking connect and reports whether it completed within `wait` seconds.
    static func connectCompletes(port: Int, within wait: Double) -> Bool {
        let fd = Sockets.nonBlockingTCP()
        defer { close(fd) }
        var address = Loopback.address(port: port)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if started == 0 { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&poller, 1, Int32(wait * 1000)) == 1
    }

    func test_connect_neverCompletes() throws {
        let blackhole = try Blackhole(host: loopback())
        defer { blackhole.close() }
        XCTAssertNotEqual(blackhole.address.port, 0)
        XCTAssertFalse(Self.connectCompletes(port: blackhole.address.port, within: 0.3), "the SYN must be dropped, not answered")
    }

    func test_curl_timesOutConnecting_withExit28() throws {
        // Given
        let blackhole = try Blackhole(host: loopback())
        defer { blackhole.close() }

        // When
        let result = HTTP.get(try XCTUnwrap(URL(string: blackhole.url + "/images/1.png")), timeout: 0.5)

        // Then: a timeout after the whole 0.5 s, never a refusal, no status
        XCTAssertEqual(result.code, CurlCode.timedOut, result.message)
        XCTAssertEqual(result.status, 0)
        XCTAssertGreaterThanOrEqual(result.elapsed, 0.45)
        XCTAssertLessThan(result.elapsed, 1.5)
    }

    func test_close_makesTheAddressRefuseFast() throws {
        let blackhole = try Blackhole(host: loopback())
        let port = blackhole.address.port
        blackhole.close()
        blackhole.close()  // idempotent
        XCTAssertFalse(blackhole.isOpen)
        XCTAssertThrowsError(try Loopback.connect(port: port)) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .ECONNREFUSED)
        }
    }

    func test_costsTwoDescriptors_noThread_andNoCPU() throws {
        // Given
        let threadsBefore = try ProcFS.threadIDs()
        let descriptorsBefore = try ProcFS.openDescriptorCount()

        // When a blackhole holds 20 clients waiting to connect for 400 ms
        let blackhole = try Blackhole(host: loopback())
        defer { blackhole.close() }
        let descriptorsWith = try ProcFS.openDescriptorCount()
        let threadsWith = try ProcFS.threadIDs()
        var clients: [Int32] = []
        for _ in 0..<20 {
            let fd = Sockets.nonBlockingTCP()
            var address = Loopback.address(port: blackhole.address.port)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            clients.append(fd)
        }
        defer { clients.forEach { close($0) } }
        let cpuBefore = ProcessStats.cpuSeconds()
        usleep(400_000)
        let cpu = ProcessStats.cpuSeconds() - cpuBefore

        // Then
        print("blackhole: \(descriptorsWith - descriptorsBefore) descriptors, CPU \(Int(cpu * 1000)) ms over 400 ms with 20 clients waiting")
        XCTAssertEqual(descriptorsWith - descriptorsBefore, 2, "a listener and the filler")
        XCTAssertEqual(threadsWith.subtracting(threadsBefore), [], "no thread of its own (threads that ended do not matter)")
        XCTAssertLessThan(cpu, 0.05, "nothing runs while clients wait")
    }

    func test_ipv6Loopback_alsoBlackholes() throws {
        let host = try XCTUnwrap(SocketAddress(host: "::1", port: 0))
        let blackhole = try Blackhole(host: host)
        defer { blackhole.close() }
        let result = HTTP.get(try XCTUnwrap(URL(string: blackhole.url + "/")), timeout: 0.4)
        XCTAssertEqual(result.code, CurlCode.timedOut, result.message)
    }
}
