import CCurl
import Foundation

/// A GET that watches the body arrive: when the first byte came, how many came, and it stops
/// (libcurl's write error, 23) once `stopAfter` bytes are in, so an endless body can be sampled.
struct StreamingFetch {
    var status = 0
    var code = 0
    var bytes = 0
    /// Seconds from the start to the first body byte (`nil`: none came).
    var firstByte: Double?
    /// Seconds from the start to the end.
    var elapsed: Double = 0

    static func run(_ url: URL, stopAfter: Int = .max, timeout: Double = 20) -> StreamingFetch {
        let handle = curl_easy_init()!
        defer { curl_easy_cleanup(handle) }
        let sink = Sink(stopAfter: stopAfter)
        _ = ccurl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
        _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_string(handle, CURLOPT_PROXY, "")
        _ = ccurl_setopt_write_function(handle) { _, size, count, context in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            if sink.firstByte == nil { sink.firstByte = Date().timeIntervalSince(sink.started) }
            sink.bytes += size * count
            return sink.bytes >= sink.stopAfter ? 0 : size * count
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
        let code = withExtendedLifetime(sink) { curl_easy_perform(handle) }
        var result = StreamingFetch()
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        result.status = status
        result.code = Int(code.rawValue)
        result.bytes = sink.bytes
        result.firstByte = sink.firstByte
        result.elapsed = Date().timeIntervalSince(sink.started)
        return result
    }

    private final class Sink {
        let stopAfter: Int
        let started = Date()
        var firstByte: Double?
        var bytes = 0
        init(stopAfter: Int) { self.stopAfter = stopAfter }
    }
}
