import CMicroHTTPD
import Foundation

/// The status stage's faults after `flaky`: `fail_rate` (a seeded failure sequence per URL) and
/// the redirects (`redirect=N` chains, `redirect_loop`), each answering instead of the resource.
extension ServerCore {
    /// The answer `fail_rate` or a redirect gives instead of the resource, or `nil` to go on.
    func chanceOrRedirectReply(_ context: RequestContext, connection: OpaquePointer) -> Reply? {
        let faults = context.faults
        if let rate = faults.failRate {
            let url = context.path + "?" + context.query.canonical
            let attempt = failRateCounters.count(url)
            if SeededFailures.fails(url: url, attempt: attempt, rate: rate, seed: faults.seed) {
                return .error(500, "fail_rate: request \(attempt) for this URL failed (rate \(Fault.decimal(rate)), seed \(faults.seed))")
            }
        }
        guard let target = RedirectTarget.next(redirect: faults.redirect, loop: faults.redirectLoop) else { return nil }
        let location = target.location(path: context.path, query: context.query, form: faults.location, base: baseURL(for: connection))
        var reply = Reply.text(302, "redirecting to \(location)\n")
        reply.headers.append(("Location", location))
        return reply
    }
}
