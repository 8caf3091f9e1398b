import CMicroHTTPD
import Foundation

/// Stage 3 for a proxied request (a stub's `proxyBaseUrl`, or `--proxy-all` when no stub
/// answers): the request went through admission, the connection faults (`reset`, `delay`) and
/// the status faults (`flaky`, a non-2xx `status`, the broken replies) like any other; here it
/// goes upstream on a transfer thread (``ProxyTransfer``) while its connection is suspended, and
/// the upstream's head comes back as the answer's, its body streamed through ``ProxyReader``,
/// which applies the wire faults (`truncate`, `stall_after`, `drip`, `chunked`) as it streams.
/// A fault that needs the whole body (``ServerCore/wholeBodyFaults``) makes the exchange collect
/// it first; the answer then goes through the body stage like a stub's.
extension ServerCore {
    /// Whether request bodies are kept whole for an upstream (``ProxyBody``).
    var proxies: Bool { proxyingTarget != nil || stubs.hasProxies }

    /// Sends `context` to `target` and suspends its connection until the upstream's head.
    ///
    /// With `upload`, the body streams upstream as it arrives (``ProxyUpload``): the caller
    /// checked the refusals this answers (a body too long, a loop to this server), which could
    /// not be answered before the body ended.
    func startProxy(_ target: ProxyTarget, context: RequestContext, connection: OpaquePointer, upload: ProxyUpload? = nil) -> MHD_Result {
        if context.proxyBody.overflow {
            return send(.error(413, "a proxied request body may hold \(ProxyBody.limit) bytes at most"), context: context, connection: connection)
        }
        let sent = context.rawURL.map(QueryParameters.withoutFaults(rawURL:)) ?? context.path
        let url = target.upstreamURL(for: sent)
        if let reason = selfTargetReason(url) {
            return send(.error(400, "refused to proxy to \(url): \(reason)"), context: context, connection: connection)
        }
        context.proxiedTo = url
        let headers = ProxyHeaders.request(
            context.headers.map { ($0.name, $0.value) }, target: target, upstreamHost: Self.authority(of: url),
            preserveHost: configuration.proxy.preserveHostHeader)
        let request = ProxiedRequest(
            method: context.method, url: sent, upstreamBase: target.trimmedBase, headers: context.headers,
            body: context.upload, bodySize: context.uploadSize)
        let capture = upload.map { upload in ProxyUploadCapture(request: request, upload: upload) { [self] in proxyCapture(for: $0) } }
            ?? proxyCapture(for: request)
        let exchange = ProxyExchange(context: context, scheduler: scheduler, collectsWhole: Self.needsWholeBody(context.faults))
        context.phase = .proxying(exchange)
        let transfer = ProxyTransfer(
            url: url, method: context.method, headers: headers, body: context.proxyBody.data, trust: proxyTransfers.trust,
            connectTimeout: ProxyTransfers.connectTimeout, upload: upload)
        proxyTransfers.start(transfer, exchange: exchange, capture: capture)
        // A streaming body goes on arriving; the head is waited for once it ended.
        return upload == nil ? continueProxy(exchange, context: context, connection: connection) : MHD_Result.YES
    }

    /// The connection was resumed (or not yet suspended): queue the upstream's head, or its
    /// failure as WireMock answers it, or go on waiting.
    func continueProxy(_ exchange: ProxyExchange, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        switch exchange.takeHead(connection: connection) {
        case .waiting:
            return MHD_Result.YES
        case .stopping:
            exchange.cancel()
            return MHD_Result.NO
        case .failed(let failure):
            return send(shaped(Self.proxyFailure(failure, url: context.proxiedTo ?? ""), context), context: context, connection: connection)
        case .head(let head):
            return queueProxied(head, body: nil, exchange: exchange, context: context, connection: connection)
        case .complete(let head, let body):
            return queueProxied(head, body: body, exchange: exchange, context: context, connection: connection)
        case .whole(let head, let body):
            return send(shaped(Self.wholeProxiedReply(head, body: body, faults: context.faults), context), context: context, connection: connection)
        case .tooLarge:
            return send(Self.tooLargeForFaults(context.faults), context: context, connection: connection)
        }
    }

    /// WireMock 2.35's answer when the upstream fails before its head: a 500 whose plain-text
    /// body names the kind of failure, the URL, and the reason on a second line, with no
    /// `Content-Type` and no `Cache-Control` (WireMock sends neither; the server's default
    /// `no-store` is left off too, while a `cache=` fault still sets one).
    static func proxyFailure(_ failure: ProxyExchange.Failure, url: String) -> Reply {
        let kind = failure.tls ? "SSL" : "Network"
        var reply = Reply(
            status: 500, contentType: "",
            body: SharedBytes("\(kind) failure trying to make a proxied request from WireMock to \(url)\r\n\(failure.reason)"))
        reply.keepsCachingHeaders = true
        return reply
    }

    /// Queues the upstream's head, shaped by the body stage's `status` (2xx) and `type`, and
    /// `cache`; its body follows through ``ProxyResponse``, or goes in one piece when it arrived
    /// whole with its head (`body`, a small answer: ``ProxyAssembly``).
    private func queueProxied(
        _ head: ProxyExchange.Head, body whole: SharedBytes?, exchange: ProxyExchange, context: RequestContext, connection: OpaquePointer
    ) -> MHD_Result {
        var reply = Reply(status: head.status, contentType: "", body: SharedBytes(Data()), headers: ProxyHeaders.response(head.headers))
        for fault in context.faults.list {
            switch fault {
            case .status(let status) where (200...299).contains(status): reply.status = status
            case .contentType(let type):
                reply.headers.removeAll { $0.name.lowercased() == "content-type" }
                reply.headers.append(("Content-Type", type))
            default: break
            }
        }
        let wire = WireShape(context.faults)
        if let cache = wire.cacheControl {
            reply.headers.removeAll { $0.name.lowercased() == "cache-control" }
            reply.headers.append(("Cache-Control", cache))
        }
        let length = ProxyHeaders.contentLength(head.headers)
        reply.length = length ?? 0
        context.wire = wire
        context.phase = .responded
        let headersOnly = context.sendsHeadersOnly || reply.status == 204 || (100...199).contains(reply.status)
        let created: OpaquePointer?
        if let whole, !headersOnly {
            reply.body = whole
            reply.length = whole.count
            context.usesReader = false
            let retained = Unmanaged.passRetained(whole).toOpaque()
            created = MHD_create_response_from_buffer_with_free_callback_cls(
                whole.count, UnsafeMutableRawPointer(mutating: whole.buffer.baseAddress), Callbacks.releaseBytes, retained)
            if created == nil { Unmanaged<SharedBytes>.fromOpaque(retained).release() }
        } else {
            context.usesReader = !headersOnly
            let declared = wire.chunked || headersOnly && length == nil ? Self.unknownSize : length.map(UInt64.init) ?? Self.unknownSize
            let body = ProxyResponse(context: context, exchange: exchange, declared: wire.chunked ? nil : length)
            let retained = Unmanaged.passRetained(body).toOpaque()
            created = MHD_create_response_from_callback(declared, Self.readerBlockSize, ProxyResponse.reader, retained, ProxyResponse.release)
            if created == nil { Unmanaged<ProxyResponse>.fromOpaque(retained).release() }
        }
        context.reply = reply
        guard let response = created else {
            logger.error("libmicrohttpd could not create a response for \(LogText.escaped(context.path))")
            return MHD_Result.NO
        }
        for header in reply.headers { MHD_add_response_header(response, header.name, header.value) }
        let result = MHD_queue_response(connection, UInt32(reply.status), response)
        MHD_destroy_response(response)
        if !context.usesReader { handOvers.mark(context) }
        return result
    }

    /// `host[:port]` of `url`, as its `Host` header writes it.
    static func authority(of url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return "" }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return components.port.map { "\(bracketed):\($0)" } ?? bracketed
    }
}
