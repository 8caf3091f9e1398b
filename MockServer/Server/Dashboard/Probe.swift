import CCurl
import Foundation

/// One GET by libcurl on behalf of `POST /__admin/try`, and what came back: the status, the
/// bytes, the time, and how the transfer ended in words a tester reads (`refused`, `reset`,
/// `cut`...), which a browser's `fetch` cannot tell apart. Blocking: run it on a thread of its own.
struct Probe: Sendable {
    /// How much of the body the answer carries (the rest is counted only).
    static let bodyLimit = 4 * 1024 * 1024

    /// The URL fetched.
    let url: String
    /// The status received, or 0 when none was.
    var status = 0
    /// The response headers, in order.
    var headers: [(name: String, value: String)] = []
    /// The first ``bodyLimit`` bytes of the body.
    var body = Data()
    /// Body bytes received in all.
    var bytes = 0
    /// Milliseconds from the start to the end of the transfer.
    var ms = 0
    /// libcurl's result code (0: the whole answer arrived).
    var curlCode = 0
    /// libcurl's words for what went wrong, empty when nothing did.
    var detail = ""
    /// How the transfer ended: `ok`, `refused`, `reset`, `empty`, `cut`, `stalled`, `timeout`,
    /// `malformed` or `error`.
    var outcome = "ok"

    private static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
        return true
    }()

    /// Fetches `url` (no redirects followed, no proxy) within `timeout` milliseconds.
    static func run(_ url: String, timeout: Int) -> Probe {
        _ = initialized
        var probe = Probe(url: url)
        guard let handle = curl_easy_init() else {
            probe.outcome = "error"
            probe.detail = "libcurl could not make a handle"
            return probe
        }
        defer { curl_easy_cleanup(handle) }
        let sink = Sink()
        var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let started = monotonicNanoseconds()
        let code: CURLcode = message.withUnsafeMutableBufferPointer { buffer in
            _ = ccurl_setopt_string(handle, CURLOPT_URL, url)
            _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeout)
            _ = ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(timeout, 3_000))
            _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = ccurl_setopt_string(handle, CURLOPT_PROXY, "")
            _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            let context = Unmanaged.passUnretained(sink).toOpaque()
            _ = ccurl_setopt_write_function(handle) { data, size, count, context in
                guard let data, let context else { return 0 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().body(data, count: size * count)
                return size * count
            }
            _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
            _ = ccurl_setopt_header_function(handle) { data, size, count, context in
                guard let data, let context else { return 0 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().header(data, count: size * count)
                return size * count
            }
            _ = ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
            return withExtendedLifetime(sink) { curl_easy_perform(handle) }
        }
        probe.ms = Int((monotonicNanoseconds() - started) / 1_000_000)
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var osError = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
        probe.status = status
        probe.headers = sink.headers
        probe.body = sink.kept
        probe.bytes = sink.count
        probe.curlCode = Int(code.rawValue)
        if code != CURLE_OK {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let words = text.isEmpty ? String(cString: curl_easy_strerror(code)) : text
            probe.detail = "curl \(code.rawValue): \(words)"
        }
        probe.outcome = outcome(code, osError: osError, detail: probe.detail, status: status, bytes: sink.count)
        return probe
    }

    /// A tester's word for how a transfer ended.
    static func outcome(_ code: CURLcode, osError: Int, detail: String, status: Int, bytes: Int) -> String {
        switch code {
        case CURLE_OK: return "ok"
        case CURLE_COULDNT_CONNECT: return "refused"
        case CURLE_GOT_NOTHING: return "empty"
        case CURLE_PARTIAL_FILE: return "cut"
        case CURLE_OPERATION_TIMEDOUT: return status > 0 || bytes > 0 ? "stalled" : "timeout"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL: return "malformed"
        case CURLE_RECV_ERROR:
            if detail.lowercased().contains("chunk") { return "malformed" }
            return osError == Int(ECONNRESET) || detail.lowercased().contains("reset") ? "reset" : "error"
        default: return "error"
        }
    }

    /// The answer of `POST /__admin/try`.
    var json: Data {
        var object: [String: Any] = [
            "url": url, "status": status, "bytes": bytes, "ms": ms, "outcome": outcome, "detail": detail,
            "curlCode": curlCode, "headers": headers.map { [$0.name, $0.value] },
            "bodyKept": body.count, "bodyTruncated": body.count < bytes,
        ]
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value ?? ""
        object["contentType"] = contentType
        if !contentType.lowercased().hasPrefix("image/"), let text = String(validating: body, as: UTF8.self) {
            object["body"] = text
        } else {
            object["bodyBase64"] = body.base64EncodedString()
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    /// Receives what libcurl hands to the callbacks (on the probing thread only).
    private final class Sink {
        var headers: [(name: String, value: String)] = []
        var kept = Data()
        var count = 0

        func body(_ data: UnsafeMutablePointer<CChar>, count bytes: Int) {
            count += bytes
            let room = max(0, Probe.bodyLimit - kept.count)
            if room > 0 { kept.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: min(room, bytes)) }
        }

        func header(_ data: UnsafeMutablePointer<CChar>, count bytes: Int) {
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: bytes), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                headers = []  // a new answer (after a 100 Continue)
            } else if let colon = line.firstIndex(of: ":") {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                headers.append((String(line[..<colon]), value))
            }
        }
    }
}
