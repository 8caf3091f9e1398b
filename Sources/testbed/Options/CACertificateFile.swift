import ArgumentParser
import Foundation
import X509

/// `fetch --cacert FILE`: CA certificates that the request trusts beside the system's.
///
/// The file may be what people actually have: a PEM bundle (any line length, CRLF line ends,
/// text between the blocks, as `openssl x509 -text` or a keychain export writes), or one
/// certificate in DER (the binary `.cer`/`.crt` that Keychain Access, Android and proxies
/// export). Each certificate is parsed by swift-certificates, so a damaged one is named here
/// instead of failing every request later (libcurl's code 77), and what reaches libcurl is
/// canonical PEM, which it reads whatever the file looked like.
enum CACertificateFile {
    /// The largest file read: a whole system bundle is about 200 KB.
    static let maximumBytes = 10 * 1024 * 1024

    /// The PEM of the certificates in the file at `path`, or a usage error that names the file
    /// and says what is wrong with it: missing, unreadable, too large, holding no certificate,
    /// or holding a damaged one.
    static func read(_ path: String) throws -> Data {
        guard !path.isEmpty else { throw ValidationError("--cacert needs a file") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("--cacert: no such file: \(path)")
        }
        guard !isDirectory.boolValue else { throw ValidationError("--cacert: \(path) is a directory, not a certificate file") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw ValidationError("--cacert: cannot read \(path) (\(error.localizedDescription))")
        }
        guard data.count <= maximumBytes else {
            throw ValidationError("--cacert: \(path) is larger than \(maximumBytes / 1024 / 1024) MB; a CA bundle is far smaller")
        }
        let certificates: [Certificate]
        do {
            certificates = try parse(data)
        } catch {
            throw ValidationError("--cacert: \(path) \(error.description)")
        }
        do {
            return Data(try certificates.map { try $0.serializeAsPEM().pemString + "\n" }.joined().utf8)
        } catch {
            throw ValidationError("--cacert: \(path): cannot write its certificates as PEM (\(error))")
        }
    }

    /// Why a file's bytes hold no usable certificate.
    struct Problem: Error, CustomStringConvertible {
        /// Completes "--cacert: PATH …".
        let description: String
    }

    /// The certificates in `data`: every `CERTIFICATE` block of a PEM file, else the one DER
    /// certificate the bytes are.
    static func parse(_ data: Data) throws(Problem) -> [Certificate] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains(begin) else {
            if data.first == 0x30, let certificate = try? Certificate(derEncoded: Array(data)) { return [certificate] }
            throw Problem(description: "holds no certificate: neither PEM (\(begin) …) nor a DER certificate")
        }
        var certificates: [Certificate] = []
        var rest = text[...]
        while let start = rest.range(of: begin) {
            let number = certificates.count + 1
            guard let stop = rest[start.upperBound...].range(of: end) else {
                throw Problem(description: "holds certificate \(number) without its \(end) line")
            }
            // Any line length and line end: only the base64 between the markers counts.
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let der = Data(base64Encoded: String(body)), !der.isEmpty else {
                throw Problem(description: "holds certificate \(number), which is not valid base64")
            }
            do {
                certificates.append(try Certificate(derEncoded: Array(der)))
            } catch {
                throw Problem(description: "holds certificate \(number), which is damaged (\(error))")
            }
            rest = rest[stop.upperBound...]
        }
        return certificates
    }
}
