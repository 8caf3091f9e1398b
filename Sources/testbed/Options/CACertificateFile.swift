import ArgumentParser
import Foundation

/// `fetch --cacert FILE`: CA certificates in PEM that the request trusts beside the system's.
enum CACertificateFile {
    /// The PEM bytes of the file at `path`, or a usage error that names the file and says what
    /// is wrong with it: missing, unreadable, or holding no PEM certificate (each
    /// `-----BEGIN CERTIFICATE-----` block must have its end line and valid base64 between).
    static func read(_ path: String) throws -> Data {
        guard !path.isEmpty else { throw ValidationError("--cacert needs a file") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("--cacert: no such file: \(path)")
        }
        guard !isDirectory.boolValue else { throw ValidationError("--cacert: \(path) is a directory, not a PEM file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("--cacert: cannot read \(path) (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8), certificateCount(in: text) > 0 else {
            throw ValidationError("--cacert: \(path) holds no PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)")
        }
        return data
    }

    /// How many well-formed `CERTIFICATE` blocks `text` holds; 0 if any block is malformed.
    static func certificateCount(in text: String) -> Int {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var count = 0
        var rest = text[...]
        while let start = rest.range(of: begin) {
            guard let stop = rest[start.upperBound...].range(of: end) else { return 0 }
            let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard !body.isEmpty, let der = Data(base64Encoded: String(body)), !der.isEmpty else { return 0 }
            count += 1
            rest = rest[stop.upperBound...]
        }
        return count
    }
}
