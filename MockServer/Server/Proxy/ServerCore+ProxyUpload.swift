import CMicroHTTPD
import Foundation

/// Request bodies on their way in: kept for the journal, the stubs and (buffered) the upstream,
/// or streamed to the upstream while they arrive (``ProxyUpload``).
///
/// The rule, decided at the first body chunk: a body streams when the request is proxied whatever
/// its body is. That is, on the main port, outside `/__admin/`, not a `HEAD`, while no stub needs
/// request bodies (no `bodyPatterns`, no templating that reads them: the stubs, and the fault
/// rules, then match on everything but the body, which is all they see at that point), when
/// admission sends it upstream (`--proxy-all`, or a proxy stub without a `fault`) with no fault
/// that answers before the upstream (`reset`, `delay`, a stub's delays, `flaky`, `fail_rate`,
/// `status`, the redirects and the broken replies) and an upstream that is not this server. That
/// admission is carried out at once and the transfer starts; anything else keeps the buffered
/// path (the body whole, up to ``ProxyBody/limit``, admission when it ended), whose answers need
/// the end of the body: libmicrohttpd queues an answer only once the body was read.
extension ServerCore {
    /// One chunk of a request body (libmicrohttpd's `upload_data`, `size` bytes). A streamed body
    /// takes what fits in its buffer and leaves the rest in `size`, its connection then suspended
    /// until the transfer drained some.
    func receiveUpload(
        _ chunk: UnsafeRawPointer, size: UnsafeMutablePointer<Int>, context: RequestContext, connection: OpaquePointer
    ) -> MHD_Result {
        if !context.uploadDecided {
            context.uploadDecided = true
            if let target = streamingTarget(context, connection: connection) {
                let upload = ProxyUpload(context: context, declaredLength: Self.declaredLength(context.headers), scheduler: scheduler)
                context.proxyUpload = upload
                guard startProxy(target, context: context, connection: connection, upload: upload) == MHD_Result.YES else {
                    return MHD_Result.NO
                }
            }
        }
        guard let upload = context.proxyUpload else {
            let matching = stubsNeedBodies ? StubRequestBody.matchLimit : 0
            context.keepUpload(chunk, count: size.pointee, limit: Self.uploadLimit(for: context.path), matchingLimit: matching)
            if proxies { context.proxyBody.keep(chunk, count: size.pointee) }
            size.pointee = 0
            return MHD_Result.YES
        }
        if let reason = context.takeWakeReason(), reason.endsConnection {
            // Resumed because the client left or the server stops: the transfer ends too.
            context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
            upload.abandon()
            return MHD_Result.NO
        }
        switch upload.offer(chunk, count: size.pointee, connection: connection) {
        case .stopping:
            context.outcome = .shutdown
            upload.abandon()
            return MHD_Result.NO
        case .took(let count):
            context.keepUpload(chunk, count: count, limit: Self.uploadLimit(for: context.path))
            size.pointee -= count
            if size.pointee == 0, upload.isCut(connection: connection) {
                context.outcome = .clientClosed
                upload.abandon()
                return MHD_Result.NO
            }
            return MHD_Result.YES
        }
    }

    /// Where the request goes upstream with its body streamed, by the rule above; `nil` keeps the
    /// buffered path (with admission, when it ran, kept in ``RequestContext/earlyAdmission``).
    private func streamingTarget(_ context: RequestContext, connection: OpaquePointer) -> ProxyTarget? {
        guard context.role == .main, proxies, !stubsNeedBodies, context.method != "HEAD", !context.overLimit,
            !context.path.hasPrefix("/__admin/")
        else { return nil }
        context.query = Self.query(of: connection)
        let decision = admission.decide(context)
        context.earlyAdmission = decision
        guard case .proceed(extraDelay: 0) = decision, context.faults.list.allSatisfy({ $0.name.stage >= .body }) else { return nil }
        let target: ProxyTarget
        if let (stub, _) = context.stub {
            guard stub.response.fault == nil, let proxy = ProxyTarget(stub.response) else { return nil }
            target = proxy
        } else if let proxy = context.proxy {
            target = proxy
        } else {
            return nil
        }
        let sent = context.rawURL.map(QueryParameters.withoutFaults(rawURL:)) ?? context.path
        guard selfTargetReason(target.upstreamURL(for: sent)) == nil else { return nil }
        context.earlyAdmission = nil
        return target
    }

    /// The body's length as the client declared it, unless it is chunked.
    static func declaredLength(_ headers: [RequestRecord.Header]) -> Int? {
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) { return nil }
        guard let value = headers.last(where: { $0.name.lowercased() == "content-length" })?.value else { return nil }
        return Int(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
    }
}
