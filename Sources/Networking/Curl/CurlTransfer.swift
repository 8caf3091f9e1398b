import CCurl
import Foundation

/// One request on its way through libcurl: the easy handle's options, what the callbacks
/// collect (status, headers, body, time of the last byte), and the outcome.
///
/// Created, driven and released on the driver thread only; libcurl calls the callbacks on that
/// thread too, from inside `curl_multi_perform`. The ``CurlEngine`` keeps the transfer alive
/// while its easy handle is in the multi handle, so the unretained callback pointer stays valid.
final class CurlTransfer {
    /// How a transfer ended.
    enum Ending {
        /// libcurl finished it with this code.
        case curl(CURLcode)
        /// The driver's stall deadline passed: no byte for ``RequestTimeouts/stall``.
        case stalled
        /// The driver's total deadline passed (``RequestTimeouts/total`` since `send`).
        case deadlinePassed
        /// The caller's task was cancelled.
        case cancelled
    }

    /// The request and its caller.
    let submission: CurlSubmission
    /// The easy handle, owned by the engine (recycled after the transfer).
    let easy: UnsafeMutableRawPointer
    /// The first option libcurl refused while configuring, if any (set by the options, CurlTransfer+Options.swift).
    var setupError: CURLcode?
    /// Whether a connection was made (or reused) and the request was about to be sent.
    private(set) var connected = false
    /// When the last header or body byte arrived (or the connection became ready).
    private(set) var lastActivity: ContinuousClock.Instant
    /// When the driver first saw the TCP connection made while the connection was not ready
    /// yet (a TLS handshake under way); `nil` before that, and for a connection ready at once.
    private(set) var handshakeStarted: ContinuousClock.Instant?

    /// How long after the driver's total deadline libcurl's own timer (the backstop) fires.
    static let totalDeadlineMargin = Duration.milliseconds(100)

    // Internal, not private, for CurlTransfer+Options.swift; only the transfer itself touches them.
    /// The request's header lines, freed with the transfer.
    var headerList: UnsafeMutablePointer<curl_slist>?
    private var headers: [String: String] = [:]
    private let body = CurlBody()
    /// libcurl's last error message for this transfer (`CURLOPT_ERRORBUFFER`), which says what
    /// a TLS failure was. Written by libcurl until the engine resets the easy handle, which it
    /// does before it lets the transfer go.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var sizeChecked = false
    private var exceededLimit = false
    /// The request's byte limit.
    let limit: Int

    /// Configures `easy` (fresh or reset) for `submission`; `remaining` is what is left of the
    /// total deadline.
    init(
        submission: CurlSubmission, easy: UnsafeMutableRawPointer, configuration: CurlHTTPClient.Configuration,
        remaining: Duration, now: ContinuousClock.Instant
    ) {
        self.submission = submission
        self.easy = easy
        self.lastActivity = now
        self.limit = submission.request.byteLimit
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        configure(configuration, remaining: remaining)
    }

    deinit {
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// When the stall deadline passes; `nil` until the TCP connection is made (the connect
    /// deadline, enforced by libcurl, covers that phase).
    ///
    /// Once the connection is ready, it runs from the last byte received. During a TLS
    /// handshake it runs from the moment the driver saw the TCP connection made
    /// (``noteHandshakeProgress(at:)``): libcurl's connect deadline also covers the handshake,
    /// so a stalled handshake ends at whichever of the two comes first.
    var stallDeadline: ContinuousClock.Instant? {
        if connected { return lastActivity + submission.request.timeouts.stall }
        return handshakeStarted.map { $0 + submission.request.timeouts.stall }
    }

    /// Called by the driver after each `curl_multi_perform` for a transfer that is not ready
    /// yet: notes `now` as the start of the handshake the first time libcurl reports the TCP
    /// connection made (a local port). libcurl 7.88 records `CURLINFO_CONNECT_TIME_T` only
    /// after the TLS handshake, but fills in `CURLINFO_LOCAL_PORT` as soon as TCP connects
    /// (measured: it stays 0 against a listener that never completes the connect). The driver
    /// runs then, because libcurl waits for the socket to become writable. Nothing polls.
    func noteHandshakeProgress(at now: ContinuousClock.Instant) {
        guard !connected, handshakeStarted == nil else { return }
        var port = 0
        if ccurl_getinfo_long(easy, CURLINFO_LOCAL_PORT, &port) == CURLE_OK, port > 0 {
            handshakeStarted = now
        }
    }

    // MARK: - Outcome

    /// The response, or the error, for a transfer that ended with `ending`. Call before the
    /// easy handle is reset.
    ///
    /// A final status outside ``HTTPRequest/acceptableStatus`` wins over any later failure of
    /// the body (limit, cut, stall): the server has already said what went wrong. Too many
    /// redirects is ``NetworkError/invalidResponse`` whatever the last status was.
    func result(for ending: Ending) -> Result<HTTPResponse, NetworkError> {
        if case .cancelled = ending { return .failure(.cancelled) }
        // Too many redirects (a loop): the last status read is a 3xx the caller never asked
        // for, so the failure is the chain's, not that status's.
        if case .curl(let code) = ending, code == CURLE_TOO_MANY_REDIRECTS { return .failure(.invalidResponse) }
        var status = 0
        _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        if status >= 200, !submission.request.acceptableStatus.contains(status) {
            return .failure(.httpStatus(status))
        }
        switch ending {
        case .cancelled:  // answered above, before the status is read
            return .failure(.cancelled)
        case .stalled, .deadlinePassed:
            return .failure(.timedOut)
        case .curl(let code) where code == CURLE_OK:
            guard status >= 200 else { return .failure(.invalidResponse) }
            return .success(HTTPResponse(url: effectiveURL, status: status, headers: headers, body: body.take()))
        case .curl(let code):
            return .failure(
                CurlCodeMapping.error(
                    for: code, exceededLimit: exceededLimit, limit: limit, connected: connected, tls: tlsReport))
        }
    }

    /// What libcurl said about the TLS side of a failure: OpenSSL's verify result and the error
    /// message.
    private var tlsReport: CurlTLSReport {
        var verifyResult = 0
        _ = ccurl_getinfo_long(easy, CURLINFO_SSL_VERIFYRESULT, &verifyResult)
        return CurlTLSReport(verifyResult: verifyResult, message: String(cString: errorBuffer))
    }

    /// What arrived of a body whose transfer broke (`error` is connectionLost or timedOut)
    /// after an acceptable status: that head and the bytes so far; `nil` otherwise. Call after
    /// ``result(for:)`` and before the easy handle is reset.
    func partialResponse(after error: NetworkError) -> HTTPResponse? {
        guard error == .connectionLost || error == .timedOut, body.count > 0 else { return nil }
        var status = 0
        _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard submission.request.acceptableStatus.contains(status) else { return nil }
        return HTTPResponse(url: effectiveURL, status: status, headers: headers, body: body.take())
    }

    private var effectiveURL: URL {
        var pointer: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK, let pointer,
            let url = URL(string: String(cString: pointer))
        else { return submission.request.url }
        return url
    }

    // MARK: - Callbacks (driver thread, inside curl_multi_perform)

    /// Body bytes: kept up to the limit; one byte more aborts the transfer (libcurl 7.88 does
    /// not apply `CURLOPT_MAXFILESIZE` to bodies without a `Content-Length`).
    func receive(body data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        lastActivity = .now
        if !sizeChecked {
            sizeChecked = true
            var length: curl_off_t = -1
            if ccurl_getinfo_off(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK, length > 0, length <= limit {
                body.expect(Int(length))
            }
        }
        guard count <= limit - body.count else {
            exceededLimit = true
            return 0  // not the count: libcurl aborts with CURLE_WRITE_ERROR
        }
        body.append(UnsafeRawPointer(data), count: count)
        return count
    }

    /// One header line (status lines included; each starts a new header block, so only the
    /// final response's headers remain after redirects or `100 Continue`).
    func receive(header data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        lastActivity = .now
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return count
    }

    /// The connection is ready (new or reused) and the request goes out: the stall clock starts.
    func connectionReady() {
        connected = true
        lastActivity = .now
    }
}

@available(*, unavailable, message: "a transfer belongs to the driver thread")
extension CurlTransfer: Sendable {}
