import CMicroHTTPD
import Foundation
import ImageCodec

/// Stage 2, replies: the status stage (``StatusStage``) may answer instead of the resource;
/// otherwise the stub's answer or the route's (health, gallery, tweets from the answer cache,
/// images from the render queue), with the body stage (``BodyStage``, then the validators)
/// applied before it goes to the wire-shaping stage.
extension ServerCore {
    /// The status stage (``StatusStage``), then the stub's answer or the resource (after any
    /// `delay`).
    func reply(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let status = StatusStage(flakyCounters: flakyCounters, failRateCounters: failRateCounters)
        switch status.decide(context.faults, path: context.path, query: context.query, base: { baseURL(for: connection) }) {
        case .reply(let reply):
            return send(shaped(reply, context), context: context, connection: connection)
        case .status(let code):
            return send(shaped(catalogReplies.status(code, path: context.path), context), context: context, connection: connection)
        case .broken(let fault):
            return breakConnection(fault, context: context, connection: connection)
        case .proceed:
            break
        }
        if let (stub, inline) = context.stub {
            return stubReply(context, stub: stub, inline: inline, connection: connection)
        }
        switch context.route {
        case .image(let key, _), .avatar(let key):
            if let bytes = images.cached(key) {
                return send(shaped(imageReply(bytes, route: context.route), context), context: context, connection: connection)
            }
            context.phase = .waitingForImage
            guard scheduler.suspend(context, connection: connection, until: nil) else { return MHD_Result.NO }
            images.load(key, waiter: ObjectIdentifier(context)) { [scheduler] result in
                context.deliver(result)
                scheduler.resume(context, reason: .ready)
            }
            return MHD_Result.YES
        default:
            return send(shaped(resourceReply(context, connection: connection), context), context: context, connection: connection)
        }
    }

    /// The body stage: the shapers (``BodyStage``), then the validators (`conditional`,
    /// `ranges`; see ``ValidatorStage``).
    func shaped(_ reply: Reply, _ context: RequestContext) -> Reply {
        let shaped = BodyStage.shape(reply, context.faults)
        guard let connection = context.connection, context.faults.contains(.conditional) || context.faults.contains(.ranges) else {
            return shaped
        }
        return ValidatorStage(timeline: timeline, clock: configuration.clock).validated(
            shaped, faults: context.faults, route: context.route, method: context.method
        ) { Self.header($0, of: connection) }
    }

    /// The catalog's answers that need only the timeline, its answer cache and the clock.
    var catalogReplies: CatalogReplies {
        CatalogReplies(timeline: timeline, tweetAnswers: tweetAnswers, clock: configuration.clock)
    }

    /// A generated image or avatar, typed by its file extension.
    func imageReply(_ bytes: SharedBytes, route: Route) -> Reply {
        let format: ImageFormat
        switch route {
        case .image(let key, _), .avatar(let key): format = key.format
        default: format = .png
        }
        return Reply(status: 200, contentType: format.mimeType, body: bytes)
    }

    /// Everything but images: health, gallery, tweets, 404.
    func resourceReply(_ context: RequestContext, connection: OpaquePointer) -> Reply {
        let (malformed, empty) = (context.faults.contains(.malformed), context.faults.contains(.empty))
        let base = baseURL(for: connection)
        func json(_ valid: Data) -> Reply {
            .json(200, malformed ? TwitterJSON.malformed(valid) : valid)
        }
        switch context.route {
        case .health:
            return .text(200, "ok")
        case .gallery(let scenario):
            if scenario == .offlineFirst, !malformed, !empty { armOfflineFirst() }
            let urls = empty ? [] : Gallery.urls(scenario, base: base)
            return json(Gallery.json(urls))
        case .v11Search, .v11UserTimeline, .v2Search:
            return catalogReplies.tweets(context.route, malformed: malformed, empty: empty, base: base)
        case .notFound:
            if let info = context.unmatchedStubRequest, let report = stubs.nearMissReport(for: info) {
                return Self.nearMissReply(report)
            }
            return .error(404, "nothing at \(context.path); GET /__admin/catalog lists what is served")
        case .image, .avatar:
            return .error(404, "nothing at \(context.path); GET /__admin/catalog lists what is served")
        }
    }

    /// `http://` (`https://` on a TLS listener) plus the request's `Host` header (so a phone on
    /// the LAN gets reachable URLs) when it is a valid host (see ``HostHeader``), else the bound
    /// address.
    func baseURL(for connection: OpaquePointer) -> String {
        let secure = cmhd_connection_is_tls(connection) != 0
        let scheme = secure ? "https" : "http"
        if let raw = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Host"),
            let authority = HostHeader.authority(String(cString: raw))
        {
            return "\(scheme)://\(authority)"
        }
        let bound = endpoints.withLock { secure ? $0.tls ?? $0.main : $0.main }
        return "\(scheme)://\(bound.authority)"
    }

    // MARK: - offline-first

    /// Starts counting the `offline-first` images served.
    func armOfflineFirst() {
        offlineFirst.withLock { $0 = Set(Gallery.paths(.offlineFirst)) }
    }

    /// Counts one `offline-first` image served; the last one switches the server offline.
    func offlineFirstServed(_ path: String) {
        let done = offlineFirst.withLock { waiting -> Bool in
            guard waiting != nil else { return false }
            waiting!.remove(path)
            guard waiting!.isEmpty else { return false }
            waiting = nil
            return true
        }
        if done {
            logger.info("offline-first: every image served once, going offline")
            setOfflineSoon(true)
        }
    }
}
