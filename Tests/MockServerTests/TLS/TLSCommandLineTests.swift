import Foundation
import TestSupport
import XCTest

/// `mockserver --tls-port`, `--tls-dir` and `--print-ca` as a tester runs them.
final class TLSCommandLineTests: XCTestCase {
    private var binary: URL { ChildProcess.product("mockserver") }
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-cli-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func test_printCA_createsTheCAOnce_andPrintsTheSameCertificateEveryTime() throws {
        let first = try ChildProcess(binary, ["--print-ca", "--tls-dir", folder.path])
        XCTAssertEqual(first.waitForExit(timeout: 10), 0, first.standardError)
        XCTAssertTrue(first.standardOutput.hasPrefix("-----BEGIN CERTIFICATE-----"), first.standardOutput)
        XCTAssertTrue(first.standardError.contains(folder.path), "says where the CA is kept")
        let second = try ChildProcess(binary, ["--print-ca", "--tls-dir", folder.path])
        XCTAssertEqual(second.waitForExit(timeout: 10), 0)
        XCTAssertEqual(second.standardOutput, first.standardOutput)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("ca.pem"), encoding: .utf8), first.standardOutput)
    }

    func test_tlsPort_servesHTTPS_trustedWithThePrintedCA() throws {
        let child = try ChildProcess(
            binary, ["--port", "0", "--admin-port", "0", "--blackhole-port", "0", "--tls-port", "0", "--tls-dir", folder.path, "--log-level", "warning"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 3)
        }
        XCTAssertTrue(waitUntil(timeout: 10) { child.standardOutput.contains("Certificate faults") }, child.standardError)
        let line = try XCTUnwrap(child.standardOutput.split(separator: "\n").first { $0.hasPrefix("https: ") })
        let https = try XCTUnwrap(line.split(separator: " ").dropFirst().first.map(String.init))
        let run = try CurlCommand.run(["--cacert", folder.appendingPathComponent("ca.pem").path, https + "/health"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, "ok")
    }

    func test_badTLSOptions_areRefusedWithAMessage() throws {
        try Data("not a folder".utf8).write(to: folder)
        let unused = folder.deletingLastPathComponent().appendingPathComponent("tls-cli-unused-\(UUID().uuidString)")
        let cases: [([String], String)] = [
            (["--tls-port", "70000"], "--tls-port must be 0...65535"),
            (["--port", "9000", "--tls-port", "9000"], "--tls-port must differ"),
            (["--tls-dir", folder.path], "--tls-dir, --tls-host and --tls-fault-port need --tls-port"),
            (["--print-ca", "--tls-dir", folder.path], "it is a file, not a folder"),
            (["--port", "8444", "--tls-port", "8443"], "ports 8444-8450 include 8444"),
            (["--tls-port", "65530"], "the certificate faults need 7 ports from 65531"),
            (["--tls-port", "0", "--tls-dir", unused.path, "--tls-host", "lab example"], "--tls-host: 'lab example' cannot be named in a certificate"),
        ]
        for (arguments, message) in cases {
            let child = try ChildProcess(binary, arguments)
            let status = child.waitForExit(timeout: 10)
            XCTAssertNotNil(status, "\(arguments) exits by itself")
            XCTAssertNotEqual(status, 0, "\(arguments)")
            XCTAssertTrue(child.standardError.contains(message), "\(arguments): \(child.standardError)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: unused.path), "a refused --tls-host creates no CA")
    }
}
