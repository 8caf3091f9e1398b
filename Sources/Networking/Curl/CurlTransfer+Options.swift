import CCurl
import Foundation

// The easy handle's options for one request: URL, redirects, deadlines, limits, proxy, extra
// CAs, headers, method and body, and the callbacks that lead back to the transfer.
extension CurlTransfer {
    /// Bytes libcurl reads from a socket at a time (its default is 16 KB).
    static let receiveBufferSize = 100 * 1024

    /// Sets every option of the easy handle for the submission (called once, by `init`).
    func configure(_ configuration: CurlHTTPClient.Configuration, remaining: Duration) {
        let request = submission.request
        set(ccurl_setopt_string(easy, CURLOPT_URL, request.url.absoluteString))
        set(ccurl_setopt_pointer(easy, CURLOPT_PRIVATE, UnsafeMutableRawPointer(bitPattern: UInt(submission.id))))
        set(ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        set(ccurl_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
        set(ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        // Up to `maxRedirects` (5) redirects, to http(s) only; ``HTTPResponse/url`` is where
        // they ended. One more is CURLE_TOO_MANY_REDIRECTS (invalidResponse, see `result`).
        if configuration.maxRedirects > 0 {
            set(ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1))
            set(ccurl_setopt_long(easy, CURLOPT_MAXREDIRS, configuration.maxRedirects))
            set(ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        } else {
            set(ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        }
        // Deadlines. Connect: libcurl's. Stall: the driver's (LOW_SPEED_TIME has whole seconds
        // only). Total: the driver's too, on the clock `send` started it with; libcurl's timer
        // fired up to 0.3 ms early in measurements (600 ms → 599.7), so it only backs ours up,
        // what is left of the deadline plus a margin.
        set(ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, (remaining + Self.totalDeadlineMargin).curlMilliseconds))
        set(ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, request.timeouts.connect.curlMilliseconds))
        // A declared Content-Length over the limit fails before any body byte (code 63). Not for
        // HEAD: libcurl 7.88 applies it to the Content-Length of a body that never comes.
        if request.expectsBody {
            set(ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)))
        }
        // "" disables proxies, including http_proxy & co. from the environment.
        set(ccurl_setopt_string(easy, CURLOPT_PROXY, configuration.proxy ?? ""))
        set(ccurl_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent))
        // A 100 KB receive buffer, as the curl CLI uses: libcurl's default 16 KB means a driver
        // turn per 16 KB (64 per 1 MB image); 32 images at once took 1.5× the CLI's time.
        set(ccurl_setopt_long(easy, CURLOPT_BUFFERSIZE, Self.receiveBufferSize))
        set(ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        // Extra CAs beside the system's (see `Configuration.trustedCertificates`); libcurl
        // copies the bytes. Empty bytes would fail every HTTPS request (code 77): none given.
        if let certificates = configuration.trustedCertificates, !certificates.isEmpty {
            certificates.withUnsafeBytes { bytes in
                set(ccurl_setopt_blob_copy(easy, CURLOPT_CAINFO_BLOB, bytes.baseAddress, bytes.count))
            }
        }
        configureHeaders(request.headers)
        configureMethod(request)

        let context = Unmanaged.passUnretained(self).toOpaque()
        set(ccurl_setopt_write_function(easy) { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receive(body: data, count: size * count)
        })
        set(ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, context))
        set(ccurl_setopt_header_function(easy) { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receive(header: data, count: size * count)
        })
        set(ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, context))
        set(ccurl_setopt_prereq_function(easy) { context, _, _, _, _ in
            if let context { Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().connectionReady() }
            return 0  // CURL_PREREQFUNC_OK
        })
        set(ccurl_setopt_pointer(easy, CURLOPT_PREREQDATA, context))
    }

    private func configureHeaders(_ given: [String: String]) {
        var lines = given.map { name, value in value.isEmpty ? "\(name);" : "\(name): \(value)" }
        // No `Expect: 100-continue` round trip before a request body, unless asked for.
        if !given.keys.contains(where: { $0.lowercased() == "expect" }) { lines.append("Expect:") }
        for line in lines {
            guard let list = curl_slist_append(headerList, line) else {
                setupError = setupError ?? CURLE_OUT_OF_MEMORY
                return
            }
            headerList = list
        }
        set(ccurl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
    }

    private func configureMethod(_ request: HTTPRequest) {
        let method = request.method.uppercased()
        switch method {
        case "GET" where request.body == nil:
            set(ccurl_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case "HEAD" where request.body == nil:
            set(ccurl_setopt_long(easy, CURLOPT_NOBODY, 1))
        default:
            if request.body != nil || ["POST", "PUT", "PATCH"].contains(method) {
                // libcurl copies the body, so the request's `Data` need not outlive this call.
                let body = request.body ?? Data()
                set(ccurl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                if body.isEmpty {
                    set(ccurl_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
                } else {
                    body.withUnsafeBytes { bytes in
                        set(ccurl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
                    }
                }
            }
            if method != "POST" { set(ccurl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method)) }
        }
    }

    /// Records the first failed `curl_easy_setopt`.
    private func set(_ code: CURLcode) {
        if code != CURLE_OK, setupError == nil { setupError = code }
    }
}

extension Duration {
    /// Whole milliseconds rounded up, at least 1 (libcurl reads 0 as "no limit").
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 1 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return Int.max }
        let rest = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        let (sum, sumOverflow) = Int(milliseconds).addingReportingOverflow(Int(rest))
        return sumOverflow ? Int.max : max(1, sum)
    }
}
