import Foundation

/// The status stage: the faults that answer instead of the resource, in the table's order —
/// `flaky`, `fail_rate` (with its `seed`), the redirects (`redirect`, `redirect_loop`, written as
/// `location` says), a non-2xx `status`, then the broken replies (`empty_reply`, `garbage`,
/// `bad_chunk`: the status-stage rows of the fault table that name a journal outcome). It holds the two services it needs, the per-URL counters.
struct StatusStage: Sendable {
    /// What the request gets at this stage.
    enum Decision {
        /// This answer instead of the resource (the body stage still shapes it).
        case reply(Reply)
        /// No HTTP answer: the broken reply of this fault (see ``BrokenReply``).
        case broken(Fault.Name)
        /// A non-2xx `status=CODE`: its answer depends on the route (``CatalogReplies/status(_:path:)``).
        case status(Int)
        /// On to the resource.
        case proceed
    }

    /// The `flaky` counts per URL.
    let flakyCounters: FlakyCounters
    /// The `fail_rate` request counts per URL.
    let failRateCounters: FlakyCounters

    /// The decision for a request to `path` with `query` and `faults`; `base` gives the scheme
    /// and authority a redirect's absolute `Location` starts with (computed only for a redirect).
    func decide(_ faults: RequestFaults, path: String, query: QueryParameters, base: () -> String) -> Decision {
        guard !faults.list.isEmpty else { return .proceed }
        var flaky = 0
        var rate: Double?
        var seed = 0
        var hops = 0
        var loopEnd = 0
        var form = Fault.LocationForm.absolute
        var status: Int?
        var broken: Fault.Name?
        for fault in faults.list {
            switch fault {
            case .flaky(let failures): flaky = failures
            case .failRate(let probability): rate = probability
            case .seed(let value): seed = value
            case .redirect(let count): hops = count
            case .redirectLoop(let end): loopEnd = end
            case .location(let value): form = value
            case .status(let code): status = code
            default:
                // A status-stage fault with a journal outcome of its own is a broken reply.
                let name = fault.name
                if broken == nil, name.stage == .status, name.outcome != nil { broken = name }
            }
        }
        if flaky > 0 {
            let count = flakyCounters.count(path + "?" + query.canonical)
            if count <= flaky { return .reply(.error(500, "flaky: failure \(count) of \(flaky)")) }
        }
        if let rate {
            let url = path + "?" + query.canonical
            let attempt = failRateCounters.count(url)
            if SeededFailures.fails(url: url, attempt: attempt, rate: rate, seed: UInt64(seed)) {
                return .reply(.error(500, "fail_rate: request \(attempt) for this URL failed (rate \(Fault.decimal(rate)), seed \(seed))"))
            }
        }
        if let target = RedirectTarget.next(redirect: hops, loop: loopEnd) {
            let location = target.location(path: path, query: query, form: form, base: base())
            var reply = Reply.text(302, "redirecting to \(location)\n")
            reply.headers.append(("Location", location))
            return .reply(reply)
        }
        if let status, !(200...299).contains(status) { return .status(status) }
        if let broken { return .broken(broken) }
        return .proceed
    }
}
