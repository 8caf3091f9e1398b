import Foundation
import Synchronization
import TestSupport
import X509
import XCTest

@testable import MockServer

/// The CA folder: created once, loaded after, never overwritten when something is wrong with it.
final class CertificateAuthorityTests: TemporaryFolderTestCase {
    /// The server creates the CA folder.
    override var createsFolder: Bool { false }

    private func start() throws(MockServerError) -> MockServer {
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(port: 0, directory: folder)
        return try MockServer.start(configuration)
    }

    func test_aSecondStart_keepsTheSameCA_soATesterTrustsItOnce() throws {
        let first = try start()
        let pem = try XCTUnwrap(first.certificateAuthorityPEM)
        first.stop()
        let second = try start()
        defer { second.stop() }
        XCTAssertEqual(second.certificateAuthorityPEM, pem)
        XCTAssertEqual(try MockServer.certificateAuthorityPEM(in: folder), pem)
    }

    func test_theCA_isACertificateAuthority_andTheLeafCoversTheLocalNames() throws {
        let material = try TLSMaterial.make(options: .init(port: 0, directory: folder), listening: "127.0.0.1")
        let ca = material.authority.certificate
        XCTAssertEqual(try ca.extensions.basicConstraints, .isCertificateAuthority(maxPathLength: 0))
        let leaf = try Certificate(pemEncoded: material.main.certificatePEM)
        XCTAssertEqual(leaf.issuer, ca.subject)
        XCTAssertTrue(ca.publicKey.isValidSignature(leaf.signature, for: leaf), "the CA signed the leaf")
        let names = try XCTUnwrap(try leaf.extensions.subjectAlternativeNames)
        XCTAssertTrue(names.contains(.dnsName("localhost")))
        XCTAssertTrue(names.contains(.ipAddress(.init(contentBytes: [127, 0, 0, 1]))))
        XCTAssertTrue(names.contains(.ipAddress(.init(contentBytes: ArraySlice([UInt8](repeating: 0, count: 15) + [1])))))
        XCTAssertLessThanOrEqual(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore), 825 * 86_400, "Apple's limit for user-trusted CAs")
        XCTAssertEqual(try leaf.extensions.extendedKeyUsage?.contains(.serverAuth), true)
    }

    func test_theListeningAddress_andExtraHosts_areCovered_onceEach() {
        XCTAssertEqual(
            TLSMaterial.hosts(listening: "192.168.1.20", extra: ["phone-lab.local", "LOCALHOST"]),
            ["localhost", "127.0.0.1", "::1", "192.168.1.20", "phone-lab.local"])
        XCTAssertEqual(TLSMaterial.hosts(listening: "0.0.0.0", extra: []), ["localhost", "127.0.0.1", "::1"])
    }

    func test_theFaultPorts_followTheTLSPort_orAreFree() {
        let fixed = MockServer.TLSOptions(port: 8443, directory: folder)
        XCTAssertEqual(MockServer.TLSFault.allCases.map(fixed.faultPort), Array(8444...8450))
        let free = MockServer.TLSOptions(port: 0, directory: folder)
        XCTAssertEqual(Set(MockServer.TLSFault.allCases.map(free.faultPort)), [0])
        let chosen = MockServer.TLSOptions(port: 8443, directory: folder, firstFaultPort: 9000)
        XCTAssertEqual(chosen.faultPort(.expired), 9000)
        XCTAssertEqual(chosen.faultPort(.tls10Only), 9006)
    }

    func test_faultPortsOutsideThePortRange_refuseTheStart_namingThePort() {
        // Given a first fault port below 0, and one whose last fault would pass 65535
        for (first, named) in [(-5, -5), (65_530, 65_536)] {
            var configuration = MockServer.Configuration()
            configuration.tls = MockServer.TLSOptions(port: 0, directory: folder, firstFaultPort: first)

            // When the server starts, then it refuses, naming a port out of range
            XCTAssertThrowsError(try MockServer.start(configuration)) { error in
                guard case .cannotListen(_, let port) = error as? MockServerError else { return XCTFail("\(error)") }
                XCTAssertEqual(port, named)
            }
        }
    }

    func test_aDamagedCA_refusesTheStart_andIsLeftAsItWas() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let damaged = Data("-----BEGIN CERTIFICATE-----\nnot base64\n".utf8)
        try damaged.write(to: folder.appendingPathComponent("ca.pem"))
        try Data("key".utf8).write(to: folder.appendingPathComponent("ca-key.pem"))
        XCTAssertThrowsError(try start()) { error in
            guard case .certificateAuthority(let path, let reason) = error as? MockServerError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, folder.path)
            XCTAssertTrue(reason.contains("ca.pem is not a PEM certificate"), reason)
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("ca.pem")), damaged)
    }

    func test_aHalfWrittenCA_refusesTheStart_namingTheMissingFile() throws {
        _ = try MockServer.certificateAuthorityPEM(in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ca-key.pem"))
        XCTAssertThrowsError(try start()) { error in
            XCTAssertTrue("\(error)".contains("ca-key.pem is missing"), "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ca.pem").path))
    }

    func test_aKeyThatIsNotTheCertificates_refusesTheStart() throws {
        _ = try MockServer.certificateAuthorityPEM(in: folder)
        let other = folder.appendingPathComponent("other")
        defer { try? FileManager.default.removeItem(at: other) }
        _ = try MockServer.certificateAuthorityPEM(in: other)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ca-key.pem"))
        try FileManager.default.copyItem(at: other.appendingPathComponent("ca-key.pem"), to: folder.appendingPathComponent("ca-key.pem"))
        XCTAssertThrowsError(try start()) { error in
            XCTAssertTrue("\(error)".contains("is not the key of ca.pem"), "\(error)")
        }
    }

    func test_aFileWhereTheFolderShouldBe_isAClearError() throws {
        try Data("x".utf8).write(to: folder)
        XCTAssertThrowsError(try MockServer.certificateAuthorityPEM(in: folder)) { error in
            XCTAssertTrue("\(error)".contains("it is a file, not a folder"), "\(error)")
        }
    }

    func test_serversStartingAtOnce_shareOneCA() throws {
        let results = Mutex<[String]>([])
        let folder: URL = folder
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let pem = try? MockServer.certificateAuthorityPEM(in: folder) { results.withLock { $0.append(pem) } }
        }
        let pems = results.withLock { $0 }
        XCTAssertEqual(pems.count, 4)
        XCTAssertEqual(Set(pems).count, 1, "one CA, whoever created it")
    }
}
