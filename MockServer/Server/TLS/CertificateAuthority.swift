import Crypto
import Foundation
import SwiftASN1
import X509

/// A key and certificate, PEM-encoded, as a TLS listener presents them.
struct TLSCredential: Sendable, Hashable {
    /// The certificate (the leaf only: clients hold the CA).
    let certificatePEM: String
    /// The leaf's private key (PKCS #8).
    let keyPEM: String
}

/// A certificate authority of the mock server's own: an ECDSA P-256 key (swift-crypto) and a
/// self-signed X.509 CA certificate (swift-certificates), which issue the listeners' leaves.
struct CertificateAuthority: Sendable {
    let certificate: Certificate
    /// The private key's raw scalar (swift-crypto's key type is not `Sendable` on every platform).
    private let keyBytes: Data
    /// The private key, rebuilt from ``keyBytes``. The bytes came from a valid key, so this does
    /// not fail in practice; if it ever did, the error goes up rather than a different key
    /// signing leaves no client would trust.
    func signingKey() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
    }
    /// ``certificate`` as PEM: what `GET /__admin/ca.pem` and `mockserver --print-ca` hand out.
    let certificatePEM: String

    /// The CA's certificate file in its folder.
    static let certificateFile = "ca.pem"
    /// The CA's private-key file in its folder (mode 0600).
    static let keyFile = "ca-key.pem"
    /// How long a new CA is valid: ten years (a tester trusts it once).
    static let lifetime: TimeInterval = 10 * 365 * 86_400
    /// How long a leaf is valid: a year, below the 825 days Apple's platforms accept for
    /// certificates issued by a CA a user installed.
    static let leafLifetime: TimeInterval = 365 * 86_400

    /// A CA made now, kept in memory only (`name` is its common name).
    static func create(name: String, now: Date) throws -> CertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let signer = Certificate.PrivateKey(key)
        let subject = try DistinguishedName {
            CommonName(name)
            OrganizationName("Testbed mock server")
        }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: signer.publicKey)
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: signer.publicKey,
            notValidBefore: now.addingTimeInterval(-3_600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: signer)
        return CertificateAuthority(
            certificate: certificate, keyBytes: key.rawRepresentation, certificatePEM: try certificate.serializeAsPEM().pemString)
    }

    /// Loads the CA kept in `directory`, or creates it there when the folder holds none. Holds
    /// a lock on the folder meanwhile, so servers starting at once share one CA. A damaged,
    /// half-written, mismatched or expired CA is an error, never overwritten.
    static func loadOrCreate(in directory: URL, now: Date) throws(MockServerError) -> CertificateAuthority {
        let path = directory.path
        func failure(_ reason: String) -> MockServerError { .certificateAuthority(path: path, reason: reason) }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw failure("it is a file, not a folder")
        }
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("cannot create the folder (\(error.localizedDescription))")
        }
        let lock = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("cannot create its lock file (errno \(errno))") }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw failure("cannot lock the folder (errno \(errno))") }
        defer { flock(lock, LOCK_UN) }

        let certificateURL = directory.appendingPathComponent(certificateFile)
        let keyURL = directory.appendingPathComponent(keyFile)
        switch (files.fileExists(atPath: certificateURL.path), files.fileExists(atPath: keyURL.path)) {
        case (true, true):
            return try load(certificate: certificateURL, key: keyURL, now: now, failure: failure)
        case (false, false):
            let authority: CertificateAuthority
            do {
                authority = try create(name: "Testbed Mock Server CA", now: now)
                try write(try authority.signingKey().pemRepresentation, to: keyURL, permissions: 0o600)
                try write(authority.certificatePEM, to: certificateURL, permissions: 0o644)
            } catch {
                throw failure("cannot create the CA (\(error))")
            }
            return authority
        case (true, false):
            throw failure("\(certificateFile) is there but \(keyFile) is missing; move both away to make a new CA")
        case (false, true):
            throw failure("\(keyFile) is there but \(certificateFile) is missing; move both away to make a new CA")
        }
    }

    private static func load(
        certificate certificateURL: URL, key keyURL: URL, now: Date, failure: (String) -> MockServerError
    ) throws(MockServerError) -> CertificateAuthority {
        let certificatePEM: String
        let keyPEM: String
        do {
            certificatePEM = try String(contentsOf: certificateURL, encoding: .utf8)
            keyPEM = try String(contentsOf: keyURL, encoding: .utf8)
        } catch {
            throw failure("cannot read the CA's files (\(error.localizedDescription))")
        }
        let certificate: Certificate
        let key: P256.Signing.PrivateKey
        do {
            certificate = try Certificate(pemEncoded: certificatePEM)
        } catch {
            throw failure("\(certificateFile) is not a PEM certificate (\(error))")
        }
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        } catch {
            throw failure("\(keyFile) is not a PEM ECDSA P-256 private key (\(error))")
        }
        guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw failure("\(keyFile) is not the key of \(certificateFile)")
        }
        guard certificate.notValidAfter > now.addingTimeInterval(leafLifetime), certificate.notValidBefore <= now else {
            throw failure("the CA is not valid for another year (\(certificate.notValidBefore) to \(certificate.notValidAfter)); move its files away to make a new one")
        }
        return CertificateAuthority(certificate: certificate, keyBytes: key.rawRepresentation, certificatePEM: certificatePEM)
    }

    /// Writes `text` next to `url` and renames it into place, so a reader never sees half a file.
    private static func write(_ text: String, to url: URL, permissions: Int) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid())")
        guard FileManager.default.createFile(
            atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: permissions])
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    // MARK: - Leaves

    /// A server certificate for `hosts` (names and IP literals) signed by this CA, valid from
    /// `notBefore` to `notAfter`, with a new key.
    func issue(hosts: [String], notBefore: Date, notAfter: Date) throws -> TLSCredential {
        let key = P256.Signing.PrivateKey()
        let certificate = try Self.leaf(
            hosts: hosts, publicKey: Certificate.PublicKey(key.publicKey), issuer: self.certificate.subject,
            issuerKey: Certificate.PrivateKey(try signingKey()),
            authorityKeyID: try self.certificate.extensions.subjectKeyIdentifier?.keyIdentifier,
            notBefore: notBefore, notAfter: notAfter)
        return TLSCredential(certificatePEM: try certificate.serializeAsPEM().pemString, keyPEM: key.pemRepresentation)
    }

    /// A server certificate for `hosts` that signed itself (no CA behind it).
    static func selfSigned(hosts: [String], now: Date) throws -> TLSCredential {
        let key = P256.Signing.PrivateKey()
        let signer = Certificate.PrivateKey(key)
        let certificate = try leaf(
            hosts: hosts, publicKey: signer.publicKey, issuer: nil, issuerKey: signer, authorityKeyID: nil,
            notBefore: now.addingTimeInterval(-3_600), notAfter: now.addingTimeInterval(leafLifetime))
        return TLSCredential(certificatePEM: try certificate.serializeAsPEM().pemString, keyPEM: key.pemRepresentation)
    }

    /// A leaf for `hosts`; `issuer` `nil` makes it self-issued.
    private static func leaf(
        hosts: [String], publicKey: Certificate.PublicKey, issuer: DistinguishedName?, issuerKey: Certificate.PrivateKey,
        authorityKeyID: ArraySlice<UInt8>?, notBefore: Date, notAfter: Date
    ) throws -> Certificate {
        let subject = try DistinguishedName {
            CommonName(hosts.first ?? "localhost")
            OrganizationName("Testbed mock server")
        }
        let names: [GeneralName] = hosts.map { host in
            if let bytes = SocketAddress.bytes(of: host) {
                return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
            }
            return .dnsName(host)
        }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(names)
            SubjectKeyIdentifier(hash: publicKey)
            if let authorityKeyID { AuthorityKeyIdentifier(keyIdentifier: authorityKeyID) }
        }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: notBefore, notValidAfter: notAfter, issuer: issuer ?? subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: issuerKey)
    }
}
