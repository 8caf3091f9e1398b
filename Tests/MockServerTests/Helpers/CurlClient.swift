import CCurl
import Foundation

/// What one request through ``CurlClient`` produced.
struct CurlResult {
    /// HTTP status, 0 when none arrived.
    var status = 0
    /// Response headers, names lowercased (last value wins).
    var headers: [String: String] = [:]
    /// Body bytes received (also when the transfer failed part-way).
    var body = Data()
    /// libcurl's result: 0 ok, 7 refused, 18 cut body, 28 timeout, 52 empty reply, 56 reset.
    var code: Int = 0
    /// Wall time of the transfer, seconds.
    var elapsed: Double = 0
    /// libcurl's error text.
    var message = ""
    /// Connections libcurl opened for this request (0 means one was reused).
    var newConnections = 0

    /// The body parsed as a JSON object, or `nil`.
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
}

/// An HTTP client independent of the project's own Networking code: one libcurl *easy* handle,
/// reused across requests (so keep-alive connections are reused, like a real client's pool).
/// Blocking; call it from a test method or a background thread, one request at a time.
final class CurlClient {
    private static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
        return true
    }()

    private let handle: UnsafeMutableRawPointer

    init() {
        _ = Self.initialized
        handle = curl_easy_init()
    }

    deinit {
        curl_easy_cleanup(handle)
    }

    /// Sends one request. `timeout` is libcurl's total deadline.
    func request(
        _ url: URL, method: String = "GET", headers: [String] = [], body: Data? = nil, timeout: Double = 10
    ) -> CurlResult {
        let sink = Sink()
        curl_easy_reset(handle)
        _ = ccurl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
        _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        _ = ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, 5000)
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_string(handle, CURLOPT_PROXY, "")
        if method == "HEAD" {
            _ = ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        } else if method != "GET" {
            _ = ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        _ = ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        let payload = body ?? Data()
        let code: CURLcode = payload.withUnsafeBytes { bytes in
            if body != nil {
                _ = ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, bytes.count)
                _ = ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
            let context = Unmanaged.passUnretained(sink).toOpaque()
            _ = ccurl_setopt_write_function(handle) { data, size, count, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                sink.body.append(UnsafeRawPointer(data!).assumingMemoryBound(to: UInt8.self), count: size * count)
                return size * count
            }
            _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
            _ = ccurl_setopt_header_function(handle) { data, size, count, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
                if let colon = line.firstIndex(of: ":") {
                    let name = line[..<colon].lowercased()
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                    sink.headers[name] = value
                }
                return size * count
            }
            _ = ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
            return withExtendedLifetime(sink) { curl_easy_perform(handle) }
        }
        var result = CurlResult()
        result.code = Int(code.rawValue)
        result.body = sink.body
        result.headers = sink.headers
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        result.status = status
        var total: curl_off_t = 0
        _ = ccurl_getinfo_off(handle, CURLINFO_TOTAL_TIME_T, &total)
        result.elapsed = Double(total) / 1_000_000
        var connects = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        result.newConnections = connects
        result.message = String(cString: curl_easy_strerror(code))
        return result
    }

    /// Receives what libcurl hands to the callbacks.
    private final class Sink {
        var body = Data()
        var headers: [String: String] = [:]
    }
}

/// One-off requests, each on a fresh handle (a fresh connection).
enum HTTP {
    static func get(_ url: URL, headers: [String] = [], timeout: Double = 10) -> CurlResult {
        CurlClient().request(url, headers: headers, timeout: timeout)
    }

    static func post(_ url: URL, json: String, timeout: Double = 10) -> CurlResult {
        CurlClient().request(url, method: "POST", headers: ["Content-Type: application/json"], body: Data(json.utf8), timeout: timeout)
    }
}

/// libcurl result codes the tests expect.
enum CurlCode {
    static let ok = 0
    static let refused = 7
    static let partialFile = 18
    static let timedOut = 28
    static let emptyReply = 52
    static let receiveError = 56
}
