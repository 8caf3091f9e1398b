import CCurl
import Foundation

/// One proxied request sent upstream by libcurl's easy interface, on a thread of the standing pool
/// (``ProxyTransfers`` bounds how many run). The head goes to the ``ProxyExchange`` when the
/// upstream's headers end; each body chunk as it arrives, the write callback blocking while the
/// client is slow (back-pressure); a recorder, if one wants the exchange, sees the same.
///
/// Why threads and the easy interface rather than one multi handle: a blocked write callback is
/// the simplest correct back-pressure (the multi interface needs `CURL_WRITEFUNC_PAUSE` and a
/// wake-up per connection), and transfers wait mostly on sockets, so a thread each, bounded, costs
/// little beside libmicrohttpd's own threads.
struct ProxyTransfer {
    /// The URL, method, headers and body sent.
    let url: String
    let method: String
    let headers: [(name: String, value: String)]
    let body: Data
    /// Trusted CAs (PEM) for HTTPS upstreams: the system's and `--proxy-ca`'s; `nil`: libcurl's default.
    let trust: Data?
    /// Longest wait for the upstream's connection, ms.
    let connectTimeout: Int
    /// The body streamed while the client sends it (then `body` is empty), or `nil`.
    var upload: ProxyUpload?

    /// Runs the transfer to its end (blocking), feeding `exchange` and `capture`; `release` frees
    /// the pool's thread for the next transfer just before the answer is handed over.
    func run(_ exchange: ProxyExchange, capture: (any ProxyCapture)?, handles: ProxyTransfers, release: () -> Void = {}) {
        guard let handle = handles.takeHandle() else {
            release()
            exchange.finish(failure: ProxyExchange.Failure(reason: "libcurl could not make a handle"))
            capture?.end(failure: "libcurl could not make a handle")
            return
        }
        let sink = ProxySink(exchange: exchange, capture: capture, isHead: method == "HEAD")
        var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers {
            list = curl_slist_append(list, header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
        }
        // libcurl adds these unless told not to: the client's request has its own or none.
        if !headers.contains(where: { $0.name.lowercased() == "accept" }) { list = curl_slist_append(list, "Accept:") }
        // A body without a type stays without one (libcurl would call it a form).
        if !headers.contains(where: { $0.name.lowercased() == "content-type" }) { list = curl_slist_append(list, "Content-Type:") }
        list = curl_slist_append(list, "Expect:")
        defer { curl_slist_free_all(list) }
        let code: CURLcode = message.withUnsafeMutableBufferPointer { errors in
            body.withUnsafeBytes { bytes in
                configure(handle, list: list, body: bytes, errors: errors.baseAddress, sink: sink)
                return withExtendedLifetime((sink, upload)) { curl_easy_perform(handle) }
            }
        }
        upload?.close()
        var failure: ProxyExchange.Failure?
        if code != CURLE_OK {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var osErrno = 0
            _ = ccurl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno)
            var address: UnsafeMutablePointer<CChar>?
            _ = ccurl_getinfo_string(handle, CURLINFO_PRIMARY_IP, &address)
            let reason = ProxyFailureReason.reason(
                code: code, url: url, message: text, osErrno: osErrno, address: address.map { String(cString: $0) } ?? "")
            failure = ProxyExchange.Failure(reason: reason, tls: Self.isTLS(code))
        }
        if !sink.headDelivered, failure == nil { failure = ProxyExchange.Failure(reason: "the upstream sent no answer") }
        // A handle whose transfer ended cleanly keeps its connection for the next one.
        if code == CURLE_OK { handles.putBack(handle) } else { curl_easy_cleanup(handle) }
        // The client may send its next request the moment it has this answer: this thread (and
        // the handle put back above) then takes it, rather than a new thread starting for it.
        release()
        exchange.finish(failure: failure)
        capture?.end(failure: failure?.reason)
    }

    /// Whether libcurl's `code` is a TLS failure (handshake, certificate, CA file).
    static func isTLS(_ code: CURLcode) -> Bool {
        [CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
         CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_SHUTDOWN_FAILED].contains(code)
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, list: UnsafeMutablePointer<curl_slist>?, body: UnsafeRawBufferPointer,
        errors: UnsafeMutablePointer<CChar>?, sink: ProxySink
    ) {
        _ = ccurl_setopt_string(handle, CURLOPT_URL, url)
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_string(handle, CURLOPT_PROXY, "")
        _ = ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeout)
        _ = ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = ccurl_setopt_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0)
        _ = ccurl_setopt_long(handle, CURLOPT_HTTP_TRANSFER_DECODING, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_BUFFERSIZE, 64 * 1024)
        _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors)
        _ = ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        if let trust { _ = trust.withUnsafeBytes { ccurl_setopt_blob_copy(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) } }
        switch method {
        case _ where upload != nil: upload?.configure(handle, method: method)
        case "GET" where body.isEmpty: break
        case "HEAD": _ = ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        default:
            _ = ccurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            _ = ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: body.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
            _ = ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
        let context = Unmanaged.passUnretained(sink).toOpaque()
        _ = ccurl_setopt_write_function(handle) { data, size, count, context in
            guard let context else { return 0 }
            let sink = Unmanaged<ProxySink>.fromOpaque(context).takeUnretainedValue()
            return sink.body(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ccurl_setopt_header_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            Unmanaged<ProxySink>.fromOpaque(context).takeUnretainedValue().header(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        // Called about once a second even while nothing moves: a client gone aborts a stalled upstream.
        _ = ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        // An answer already whole is not aborted: its client finishing is no failure, and the
        // handle's connection stays reusable.
        _ = ccurl_setopt_xferinfo_function(handle) { context, total, now, _, _ in
            guard let context else { return 1 }
            let sink = Unmanaged<ProxySink>.fromOpaque(context).takeUnretainedValue()
            if sink.holdsHead { sink.exchange.releaseStaleHold() }
            guard sink.exchange.isCancelled else { return 0 }
            return (total > 0 && now >= total) || sink.expectsNoBody ? 0 : 1
        }
        _ = ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
    }
}

/// Receives libcurl's callbacks for one transfer (on its transfer thread only).
final class ProxySink {
    let exchange: ProxyExchange
    let capture: (any ProxyCapture)?
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private(set) var headDelivered = false
    /// The head arrived and no body follows it (a `HEAD`, a 204 or a 304).
    private(set) var expectsNoBody = false
    /// The head went to the exchange with a small body's length (it may hold it back for the body).
    private(set) var holdsHead = false
    private let isHead: Bool

    init(exchange: ProxyExchange, capture: (any ProxyCapture)?, isHead: Bool) {
        self.exchange = exchange
        self.capture = capture
        self.isHead = isHead
    }

    /// One header line; the empty line ends a head (a 1xx's is skipped: another follows).
    func header(_ line: UnsafeRawBufferPointer) {
        // Read as bytes (no Foundation on this path: it ran for every header of every answer).
        if line.starts(with: "HTTP/".utf8) {
            status = Self.statusCode(line)
            headers = []
        } else if line.elementsEqual("\r\n".utf8) || line.elementsEqual("\n".utf8) {
            guard !(100...199).contains(status), !headDelivered else { return }
            headDelivered = true
            expectsNoBody = isHead || status == 204 || status == 304
            capture?.head(status: status, headers: headers)
            let length = expectsNoBody ? nil : ProxyHeaders.contentLength(headers)
            holdsHead = length.map { $0 > 0 && $0 <= ProxyAssembly.limit } ?? false
            exchange.deliver(ProxyExchange.Head(status: status, headers: headers), bodyLength: length, noBody: expectsNoBody)
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
            let rest = String(decoding: UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]), as: UTF8.self)
            headers.append((name, String(ProxyHeaders.trimmed(Substring(rest)))))
        }
    }

    /// The status code of a status line (`HTTP/1.1 200 OK`): the three digits after the first
    /// space, or 0.
    static func statusCode(_ line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        var code = 0
        var digits = 0
        for byte in line[(space + 1)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3 else { break }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits == 3 ? code : 0
    }

    /// One body chunk; `false` (abort) once the client left.
    func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        capture?.body(chunk)
        return exchange.push(chunk)
    }
}
