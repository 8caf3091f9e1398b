import Foundation

/// The certificate nginx presents in case 8: a leaf issued with the openssl CLI by the mock
/// server's own CA (`ca.pem` and `ca-key.pem` in its `--tls-dir`), shaped as the mock server's
/// leaf is: a new ECDSA P-256 key, ECDSA with SHA-256, the same subject and subject alternative
/// names, not a CA, digital signature only, server authentication, a year's validity. The mock
/// server keeps its own leaf in memory (the product has no way to write it out, on purpose), so
/// the peer gets an equivalent one from the same CA; a client trusting `ca.pem` accepts both.
enum PeerCertificate {
    /// Issues the leaf for `hosts` (names and IP literals) into `folder`; returns its files.
    static func issue(authority: URL, hosts: [String], into folder: URL) throws -> (certificate: URL, key: URL) {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw ChildError("openssl is not installed (ci/bench.sh installs it)")
        }
        let caCertificate = authority.appendingPathComponent("ca.pem")
        let caKey = authority.appendingPathComponent("ca-key.pem")
        for file in [caCertificate, caKey] where !FileManager.default.fileExists(atPath: file.path) {
            throw ChildError("the mock server's CA folder lacks \(file.lastPathComponent): \(authority.path)")
        }
        let key = folder.appendingPathComponent("leaf-key.pem")
        let request = folder.appendingPathComponent("leaf.csr")
        let certificate = folder.appendingPathComponent("leaf.pem")
        let extensions = folder.appendingPathComponent("leaf.cnf")
        let names = hosts.map { $0.contains(":") || $0.allSatisfy({ $0.isNumber || $0 == "." }) ? "IP:\($0)" : "DNS:\($0)" }
        try """
            [leaf]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = \(names.joined(separator: ", "))
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid

            """.write(to: extensions, atomically: true, encoding: .utf8)
        let serial = "0x" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255) & 0x7f) }.joined()
        let steps: [[String]] = [
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key.path],
            ["req", "-new", "-key", key.path, "-subj", "/CN=\(hosts.first ?? "localhost")/O=Testbed mock server", "-out", request.path],
            [
                "x509", "-req", "-in", request.path, "-CA", caCertificate.path, "-CAkey", caKey.path, "-set_serial", serial,
                "-days", "365", "-sha256", "-extfile", extensions.path, "-extensions", "leaf", "-out", certificate.path,
            ],
        ]
        for arguments in steps {
            let finished = try runCommand(openssl, arguments, timeout: 30)
            guard finished.status == 0 else {
                throw ChildError("openssl \(arguments[0]) failed (\(finished.status)): \(finished.errorOutput)")
            }
        }
        return (certificate, key)
    }

    /// What a TLS 1.3 client of OpenSSL's defaults (wrk's) negotiates with the server on `port`:
    /// `openssl s_client -brief`'s protocol, cipher suite, key exchange group and peer
    /// certificate lines, e.g. "TLSv1.3, TLS_AES_256_GCM_SHA384, X25519".
    static func negotiated(port: Int, authority: URL) throws -> String {
        let finished = try runCommand(
            "/usr/bin/openssl",
            ["s_client", "-connect", "127.0.0.1:\(port)", "-brief", "-CAfile", authority.appendingPathComponent("ca.pem").path,
             "-verify_return_error", "-servername", "localhost"],
            timeout: 15)
        let lines = finished.errorOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func value(_ prefix: String) -> String? {
            lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        }
        guard let protocolVersion = value("Protocol version:"), let suite = value("Ciphersuite:") else {
            throw ChildError("openssl s_client could not connect to 127.0.0.1:\(port): \(finished.errorOutput)")
        }
        let group = value("Negotiated TLS1.3 group:") ?? value("Server Temp Key:") ?? "unknown group"
        return "\(protocolVersion), \(suite), \(group)"
    }
}
