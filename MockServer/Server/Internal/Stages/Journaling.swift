import CMicroHTTPD
import Foundation

/// The last stage, journaling: when a request ends, whichever way, one record goes into the journal
/// (admin calls excepted) and one line into the log. The record carries the request itself too:
/// its headers (read when it arrived), the body's first 64 KB and full size (kept as it was
/// uploaded, see ``RequestContext/keepUpload(_:count:limit:)``) and the stub that answered, if any.
extension ServerCore {
    /// The request ended: journal it (admin requests excepted) and log one line.
    func finish(_ context: RequestContext, termination: MHD_RequestTerminationCode) {
        let succeeded = termination == MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK
        defer { handOvers.journalled(context) }
        if context.isAdmin {
            if succeeded { context.afterCompletion?() }
            return
        }
        let record = JournalStage.record(of: context, succeeded: succeeded, termination: termination, startedAt: started)
        publish(record)
        let target = LogText.escaped(record.path + (record.query.isEmpty ? "" : "?" + record.query))
        let fault = record.fault.isEmpty ? "" : " [" + LogText.escaped(record.fault) + "]"
        logger.info(
            "\(LogText.escaped(record.method)) \(target) → \(record.status) \(record.bytes) B \(record.ms) ms\(fault) \(record.outcome)")
        if succeeded, record.status == 200, case .image(_, scenario: .offlineFirst) = context.route {
            if offlineFirst.served(context.path) {
                logger.info("offline-first: every image served once, going offline")
                setOfflineSoon(true)
            }
        }
    }
}

/// The journal stage's record: what one request was and how it ended, read from its context
/// and the clock alone (no service).
enum JournalStage {
    /// The record of the request in `context`, which ended with `termination`; `startedAt` is
    /// the server's start (monotonic ns), from which record times count.
    static func record(
        of context: RequestContext, succeeded: Bool, termination: MHD_RequestTerminationCode, startedAt: UInt64
    ) -> RequestRecord {
        let bytes: Int
        if context.sendsHeadersOnly {
            bytes = 0
        } else if context.usesReader {
            bytes = context.bytesSent
        } else {
            bytes = succeeded ? context.reply?.body.count ?? 0 : 0
        }
        // A fault that ended the request set the outcome its table row names (`reset`, …).
        let outcome = context.outcome ?? (succeeded ? .ok : Self.outcome(of: termination))
        let status = context.outcome == .reset ? 0 : context.reply?.status ?? 0
        let now = monotonicNanoseconds()
        return RequestRecord(
            method: context.method, path: context.path, query: context.query.canonical, status: status,
            bytes: bytes, ms: Int((now - context.arrival) / 1_000_000), fault: context.faults.summary,
            connection: context.connectionID, started: Int((context.arrival &- startedAt) / 1_000_000), outcome: outcome,
            headers: context.headers, body: context.upload, bodySize: context.uploadSize, stub: context.matchedStub,
            faultRules: context.faultRules, proxiedTo: context.proxiedTo)
    }

    /// The outcome libmicrohttpd's termination code means, when no stage set one.
    static func outcome(of termination: MHD_RequestTerminationCode) -> RequestOutcome {
        switch termination {
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK: return .ok
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_TIMEOUT_REACHED: return .timeout
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_DAEMON_SHUTDOWN: return .shutdown
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_CLIENT_ABORT, MHD_RequestTerminationCode.REQUEST_TERMINATED_READ_ERROR: return .clientClosed
        default: return .error
        }
    }
}
