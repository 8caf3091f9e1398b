import CCurl
import Foundation

/// What ``FollowingCurl`` saw: libcurl's own redirect following, as `curl -L --max-redirs N` does.
struct FollowResult {
    /// libcurl's result (0 ok, 47 too many redirects).
    var code = 0
    /// The last status received.
    var status = 0
    /// How many redirects libcurl followed.
    var redirects = 0
    /// The URL of the last request.
    var effectiveURL = ""
    /// The last answer's body.
    var body = Data()
}

/// One GET that follows redirects with libcurl (`CURLOPT_FOLLOWLOCATION` and `CURLOPT_MAXREDIRS`),
/// independent of the project's Networking code. Blocking.
enum FollowingCurl {
    static func get(_ url: URL, maxRedirects: Int, timeout: Double = 10) -> FollowResult {
        _ = CurlClient()  // runs curl_global_init once
        let handle = curl_easy_init()
        defer { curl_easy_cleanup(handle) }
        let sink = Sink()
        _ = ccurl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
        _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_string(handle, CURLOPT_PROXY, "")
        _ = ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, maxRedirects)
        _ = ccurl_setopt_write_function(handle) { data, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            sink.body.append(UnsafeRawPointer(data!).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
        let code = withExtendedLifetime(sink) { curl_easy_perform(handle) }
        var result = FollowResult()
        result.code = Int(code.rawValue)
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        result.status = status
        var redirects = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &redirects)
        result.redirects = redirects
        var pointer: UnsafeMutablePointer<CChar>?
        if ccurl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK, let pointer {
            result.effectiveURL = String(cString: pointer)
        }
        result.body = sink.body
        return result
    }

    private final class Sink {
        var body = Data()
    }
}
