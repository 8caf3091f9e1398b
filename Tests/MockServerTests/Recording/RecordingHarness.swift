import Foundation
import XCTest

@testable import MockServer

/// Records without the proxy: fetches from an upstream and hands what came back to the server's
/// recorder exactly as the proxy does (``ServerCore/proxyCapture(for:)``, then head, body in
/// pieces, end).
struct RecordingHarness {
    /// The recording server.
    let server: MockServer
    /// The upstream's base URL.
    let upstream: URL

    /// Fetches `pathAndQuery` from the upstream and feeds the answer to the capture (when the
    /// recorder wants one); the upstream's answer.
    @discardableResult
    func exchange(
        _ pathAndQuery: String, method: String = "GET", headers: [(String, String)] = [], body: Data = Data(),
        answerHeaders: [(String, String)]? = nil
    ) -> CurlResult {
        let result = CurlClient().request(
            URL(string: upstream.absoluteString + pathAndQuery) ?? upstream, method: method,
            headers: headers.map { "\($0.0): \($0.1)" }, body: body.isEmpty ? nil : body)
        let request = ProxiedRequest(
            method: method, url: pathAndQuery, upstreamBase: upstream.absoluteString,
            headers: headers.map { RequestRecord.Header(name: $0.0, value: $0.1) },
            body: body.prefix(RequestRecord.bodyLimit), bodySize: body.count)
        feed(request, status: result.status, headers: answerHeaders ?? result.headers.map { ($0.key, $0.value) }, body: result.body)
        return result
    }

    /// Feeds one answer to the recorder, the body in 16 KB pieces.
    func feed(_ request: ProxiedRequest, status: Int, headers: [(String, String)], body: Data) {
        guard let capture = server.core.proxyCapture(for: request) else { return }
        capture.head(status: status, headers: headers.map { (name: $0.0, value: $0.1) })
        var offset = 0
        while offset < body.count {
            let piece = body[offset..<min(offset + 16_384, body.count)]
            piece.withUnsafeBytes { capture.body($0) }
            offset += piece.count
        }
        capture.end(failure: nil)
    }

    /// `POST /__admin/recordings/start` with `spec`.
    func start(_ spec: String) -> CurlResult {
        HTTP.post(server.adminURL.appendingPathComponent("__admin/recordings/start"), json: spec)
    }

    /// `POST /__admin/recordings/stop`: the mappings answered.
    func stop(file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        let result = HTTP.post(server.adminURL.appendingPathComponent("__admin/recordings/stop"), json: "")
        XCTAssertEqual(result.status, 200, String(decoding: result.body, as: UTF8.self), file: file, line: line)
        return result.json?["mappings"] as? [[String: Any]] ?? []
    }
}

/// A fresh root directory with an empty `mappings/`.
func makeRecordingRoot() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
    return root
}

/// The file names in `folder` (sorted).
func fileNames(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// What the process holds, in bytes. Under AddressSanitizer it is its allocator's live bytes:
/// the sanitizer keeps freed memory resident on purpose (its quarantine, 256 MB), so the
/// resident set would measure the quarantine, not the recorder. Otherwise it is the resident
/// set (`VmRSS` of /proc/self/status); 0 where there is none.
func heldMemoryBytes() -> Int {
    #if os(Linux)
        // RTLD_DEFAULT (a null handle on Linux): found only when a sanitizer's runtime is in.
        if let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes") {
            typealias AllocatedBytes = @convention(c) () -> Int
            return unsafeBitCast(symbol, to: AllocatedBytes.self)()
        }
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    #else
        return 0
    #endif
}
