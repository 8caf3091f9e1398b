import Foundation
import MockServer
import Networking

/// The failure rules image loaders test in their own suites (Nuke, Kingfisher, SDWebImage): a
/// queued request's clocks, the connect deadline, redirects, and answers that are no response.
extension HTTPClientContracts {
    /// How many redirects every client must follow; ours and the URLSession adapter follow at
    /// least this many and stop a loop with an error.
    static let redirectsToFollow = 5

    public static let queuedRequestClocks = Contract<HTTPClientSubject>(
        id: "http.queuedRequestClocks",
        rule: "A request waiting for a free connection (past the per-host limit) starts its stall and connect clocks only once connected: 8 requests of 0.3 s each, 2 at a time, all succeed with a 0.8 s stall deadline."
    ) { subject, server in
        // Four waves of 0.3 s: the third and fourth wait 0.6 s and 0.9 s for a connection, so a
        // client that counts the wait against the 0.8 s stall (or 0.5 s connect) deadline times
        // them out, while each request alone leaves 0.5 s of margin.
        let timeouts = RequestTimeouts(connect: .milliseconds(500), stall: .milliseconds(800), total: .seconds(10))
        let client = await subject.makeClient(2, timeouts: timeouts)
        let outcomes = await withTaskGroup(of: (Int, SendOutcome).self) { group in
            for index in 0..<8 {
                let request = HTTPRequest(url: server.url("/health?delay=300&n=\(index)"), timeouts: timeouts)
                group.addTask { (index, await send(client, request, budget: .seconds(8))) }
            }
            return await group.reduce(into: [(Int, SendOutcome)]()) { $0.append($1) }.sorted { $0.0 < $1.0 }
        }
        let failures = outcomes.filter { !$0.1.succeeded }
        guard let first = failures.first else { return nil }
        return "\(failures.count) of 8 requests failed with a limit of 2 per host (request \(first.0) "
            + first.1.observed(expecting: "a 200")
            + "); the stall and connect clocks must start when the request gets its connection, not while it waits for one"
    }

    public static let connectDeadline = Contract<HTTPClientSubject>(
        id: "http.connectDeadline",
        rule: "A connection attempt that gets no answer (the blackhole address) ends in timedOut once the connect deadline passes, at most 0.7 s after, even with longer stall and total deadlines."
    ) { subject, server in
        let timeouts = RequestTimeouts(connect: .milliseconds(500), stall: .seconds(5), total: .seconds(8))
        let url = server.blackholeURL.appendingPathComponent("images/1.png")
        let problem = await expect(
            .timedOut, await subject.makeClient(6, timeouts: timeouts), HTTPRequest(url: url, timeouts: timeouts), notBefore: .milliseconds(500),
            within: .milliseconds(1200))
        return problem.map { "to a host that never answers the connection: " + $0 + " (the connect deadline of 500 ms)" }
    }

    public static let redirectsFollowed = Contract<HTTPClientSubject>(
        id: "http.redirectsFollowed",
        rule: "A chain of 5 redirects is followed to its 200, whether Location is absolute, a path or relative, and the response names the final URL."
    ) { subject, server in
        let client = await subject.makeClient(6)
        var problems: [String] = []
        for form in ["absolute", "path", "relative"] {
            let path = "/health?redirect=\(redirectsToFollow)&location=\(form)"
            let outcome = await send(client, HTTPRequest(url: server.url(path)), budget: .seconds(5))
            guard case .success(let response, _) = outcome else {
                problems.append("\(form) Location: " + outcome.observed(expecting: "a 200 after \(redirectsToFollow) redirects"))
                continue
            }
            if response.status != 200 || !response.url.absoluteString.contains("redirect=0") {
                problems.append("\(form) Location: status \(response.status) at \(response.url.absoluteString), expected 200 at …redirect=0")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    public static let redirectLoopIsAnError = Contract<HTTPClientSubject>(
        id: "http.redirectLoopIsAnError",
        rule: "A redirect loop ends in invalidResponse within 2 s (the client stops at its documented redirect limit), not at the total deadline."
    ) { subject, server in
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(3), total: .seconds(3))
        let request = HTTPRequest(url: server.url("/health?redirect_loop=1"), timeouts: timeouts)
        let problem = await expect(.invalidResponse, await subject.makeClient(6), request, within: .seconds(2))
        return problem.map { "following a redirect loop: " + $0 + " (stop after a fixed number of redirects)" }
    }

    public static let emptyReplyIsConnectionLost = Contract<HTTPClientSubject>(
        id: "http.emptyReplyIsConnectionLost",
        rule: "A connection the server closes without sending a byte (an empty reply) is connectionLost, not an empty response."
    ) { subject, server in
        let problem = await expect(.connectionLost, await subject.makeClient(6), HTTPRequest(url: server.url("/images/1.png?empty_reply=1")))
        return problem.map { "the server closed the connection without a reply: " + $0 }
    }

    public static let garbageIsInvalidResponse = Contract<HTTPClientSubject>(
        id: "http.garbageIsInvalidResponse",
        rule: "An answer that is not HTTP (random bytes, then close) is invalidResponse."
    ) { subject, server in
        let problem = await expect(.invalidResponse, await subject.makeClient(6), HTTPRequest(url: server.url("/images/1.png?garbage=1")))
        return problem.map { "the server answered with bytes that are not HTTP: " + $0 }
    }
}
