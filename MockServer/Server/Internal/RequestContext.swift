import CMicroHTTPD
import Foundation
import Synchronization

/// Which of the server's two listeners a request came in on.
enum DaemonRole: Sendable {
    /// The main port: everything.
    case main
    /// The admin port: `/__admin/…` and `/health` only; stays up while offline.
    case admin
}

/// Where a request stands between libmicrohttpd's calls into the handler.
enum RequestPhase: Sendable {
    /// Headers are in; nothing decided yet.
    case received
    /// Suspended until the `delay` deadline (monotonic ns).
    case delaying(until: UInt64)
    /// Suspended until an image is generated.
    case waitingForImage
    /// `/__admin/requests`: suspended (polling until the deadline, monotonic ns) while answers
    /// already sent are still being journalled.
    case settlingJournal(until: UInt64)
    /// `/__admin/requests`: suspended while a worker encodes the journal.
    case encodingJournal
    /// Suspended until the upstream's head arrives (a proxied request).
    case proxying(ProxyExchange)
    /// A response was queued.
    case responded
}

/// The state of one HTTP request, from its headers to its end (the request-completed callback).
///
/// `@unchecked Sendable`: libmicrohttpd calls every callback of a connection on that daemon's one
/// polling thread, so the plain `var`s are only touched there. The two values other threads hand
/// over — why a suspended connection was resumed, and a generated image — go through mutexes.
final class RequestContext: @unchecked Sendable {
    /// The daemon instance that owns the connection (it outlives its requests).
    let daemon: DaemonHandle
    /// HTTP method.
    let method: String
    /// Path without the query.
    let path: String
    /// The URI as the client sent it (percent-encoded, with the query), when libmicrohttpd
    /// reported it: what stubs match `url`, `urlPath` and their patterns against.
    var rawURL: String?
    /// The TCP connection's id (same id: reused connection).
    let connectionID: Int
    /// Arrival, monotonic ns.
    let arrival: UInt64

    /// The connection, valid until the request-completed callback.
    var connection: OpaquePointer?
    var phase = RequestPhase.received
    var route = Route.notFound
    var query = QueryParameters(pairs: [])
    /// The request's faults, read once from its query (or a stub's metadata).
    var faults = RequestFaults()
    /// The wire stage's faults, picked out of ``faults`` when the reply is queued.
    var wire = WireShape()
    /// `/__admin/requests`: which records to answer with.
    var journalFilter = JournalFilter()
    /// The request body's first ``RequestRecord/bodyLimit`` bytes (see ``keepUpload(_:count:limit:)``).
    var upload = Data()
    /// The body was longer than what `upload` keeps.
    var uploadOverflow = false
    /// The body's first ``StubRequestBody/matchLimit`` bytes, for the stubs' `bodyPatterns`:
    /// collected only while some stub has them (see ``keepUpload(_:count:limit:matchingLimit:)``).
    var matchingUpload = Data()
    /// The body was longer than what `matchingUpload` keeps.
    var matchingUploadOverflow = false
    /// The body's full size in bytes.
    var uploadSize = 0
    /// The request headers in arrival order (for the journal).
    var headers: [RequestRecord.Header] = []
    /// The connection was opened past the port's connection limit (answered with a 503).
    var overLimit = false
    /// Admin requests are served but not journalled.
    var isAdmin = false
    /// The id of the stub that answered, if one did (for the journal).
    var matchedStub: String?
    /// The reply queued (for the journal), with the wire shaping that applies to it.
    var reply: Reply?
    var usesReader = false
    var bytesSent = 0
    var bodyStart: UInt64?
    /// Overrides the journal's outcome (`reset`, `truncated`, `client-closed`, `shutdown`).
    var outcome: RequestOutcome?
    /// Set once the whole body has been handed to libmicrohttpd, until the request is
    /// journalled (``HandOvers`` counts these).
    var handedOver = false
    /// The stub that answers this request, with its inline body's bytes.
    var stub: (stub: Stub, body: SharedBytes?)?
    /// The request as the stubs saw it when stubs exist but none matched: the catalog's 404
    /// then carries the near-miss report for it.
    var unmatchedStubRequest: StubRequestInfo?
    /// The request as the matched stub saw it, kept when its answer is a template to render.
    var templatedStubRequest: StubRequestInfo?
    /// The stub's `chunkedDribbleDelay`: the reader sends the body in paced pieces.
    var dribble: StubDribble?
    /// The ids (lowercase) of the fault rules that matched, in the order they were added.
    var faultRules: [String] = []
    /// The matching rules' faults, spelt `fault.NAME`, in the rules' order: read before the
    /// stub's faults and the query's, which win over them.
    var ruleFaults: [(name: String, value: String?)] = []
    /// The request as the stubs and the fault rules see it, made once (``matchInfo``).
    private var madeMatchInfo: StubRequestInfo?
    /// Where the request is proxied, when a stub's `proxyBaseUrl` or `--proxy-all` sends it upstream.
    var proxy: ProxyTarget?
    /// The upstream URL the request went to (for the journal).
    var proxiedTo: String?
    /// The whole request body, kept (up to ``ProxyBody/limit``) while the server proxies.
    var proxyBody = ProxyBody()
    /// Whether the first upload chunk was seen, and whether the body streams upstream then
    /// (``ServerCore/receiveUpload(_:size:context:connection:)``).
    var uploadDecided = false
    /// The body streaming upstream while it arrives, when the request is proxied whatever its body.
    var proxyUpload: ProxyUpload?
    /// Admission decided at the first upload chunk (the body could not change it), carried out
    /// when the body ended.
    var earlyAdmission: AdmissionStage.Decision?
    /// Runs once the response has been sent (used by the main-port offline switch).
    var afterCompletion: (@Sendable () -> Void)?

    /// Whether the answer is headers only: a `HEAD`, or a 304 (whose `Content-Length` is the
    /// body's it stands for, as RFC 9110 §8.6 allows; libmicrohttpd sends no body after either).
    var sendsHeadersOnly: Bool { method == "HEAD" || reply?.status == 304 }

    /// The owning daemon's id.
    var daemonID: Int { daemon.id }
    /// Main or admin listener.
    var role: DaemonRole { daemon.role }

    private let wakeReason = Mutex<WakeReason?>(nil)
    private let delivered = Mutex<Result<SharedBytes, ImageGenerationError>?>(nil)

    init(daemon: DaemonHandle, method: String, path: String, connectionID: Int, arrival: UInt64) {
        self.daemon = daemon
        self.method = method
        self.path = path
        self.connectionID = connectionID
        self.arrival = arrival
    }

    /// Keeps an upload chunk: the body's first `limit` bytes are kept (``RequestRecord/bodyLimit``
    /// but for stub mappings), the rest only counted (``uploadOverflow``), so any request may
    /// carry any body. The first `matchingLimit` bytes are kept apart for body matching (0 when
    /// no stub matches bodies); past it that copy is dropped and only flagged, so memory stays
    /// bounded whatever arrives.
    func keepUpload(_ chunk: UnsafeRawPointer, count: Int, limit: Int, matchingLimit: Int = 0) {
        uploadSize += count
        let bytes = chunk.assumingMemoryBound(to: UInt8.self)
        let kept = min(count, max(0, limit - upload.count))
        if kept > 0 { upload.append(bytes, count: kept) }
        if kept < count { uploadOverflow = true }
        guard matchingLimit > 0, !matchingUploadOverflow else { return }
        if matchingUpload.count + count > matchingLimit {
            matchingUploadOverflow = true
            matchingUpload = Data()
        } else {
            matchingUpload.append(bytes, count: count)
        }
    }

    /// The request as the stubs and the fault rules see it: the query without the `fault.NAME`
    /// parameters (those are the server's), the raw URL likewise, the scheme and the body kept.
    var matchInfo: StubRequestInfo {
        if let madeMatchInfo { return madeMatchInfo }
        let secure = connection.map { cmhd_connection_is_tls($0) != 0 } ?? false
        let info = StubRequestInfo(
            method: method, path: path, query: query.apartFromFaults.app,
            headers: headers.map { (name: $0.name, value: $0.value) },
            rawURL: rawURL.map(QueryParameters.withoutFaults(rawURL:)), scheme: secure ? "https" : "http",
            body: stubRequestBody)
        madeMatchInfo = info
        return info
    }

    /// The body as the stubs' body patterns see it.
    var stubRequestBody: StubRequestBody {
        matchingUpload.isEmpty && !matchingUploadOverflow ? .empty : StubRequestBody(matchingUpload, isOverLimit: matchingUploadOverflow)
    }

    /// Records why the scheduler resumed the connection (scheduler thread).
    func setWakeReason(_ reason: WakeReason) { wakeReason.withLock { $0 = reason } }

    /// Takes the reason of the last resumption, if any (polling thread).
    func takeWakeReason() -> WakeReason? { wakeReason.withLock { reason in defer { reason = nil }; return reason } }

    /// Hands over a generated image or an encoded journal (worker thread).
    func deliver(_ result: Result<SharedBytes, ImageGenerationError>) { delivered.withLock { $0 = result } }

    /// Takes the handed-over bytes (polling thread).
    func takeDelivered() -> Result<SharedBytes, ImageGenerationError>? {
        delivered.withLock { result in defer { result = nil }; return result }
    }
}
