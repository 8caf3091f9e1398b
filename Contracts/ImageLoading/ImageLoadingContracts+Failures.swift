import Foundation
import Gallery
import ImageCache
import Messages
import MockServer
import Networking

// The failure rules the leading image loaders (Nuke, Kingfisher, SDWebImage) test in their own
// suites: errors that reach every coalesced load, answers that are not images, loading again
// after a cancel, and retries.
extension ImageLoadingContracts {
    public static let failureReachesEveryLoad = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.failureReachesEveryLoad",
        rule: "10 concurrent loads of a URL that answers 404 are one request to the server, and every one of them ends with the failure (imageUnavailable)."
    ) { subject, server, folder in
        let path = "/images/missing-12.png"
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("\(path)?delay=300")
        let outcomes = await withTaskGroup(of: LoadOutcome.self) { group in
            for _ in 0..<10 { group.addTask { await load(loader, url, budget: .seconds(5)) } }
            return await group.reduce(into: [LoadOutcome]()) { $0.append($1) }
        }
        _ = await eventually(within: .seconds(1)) { !records(server, path: path).isEmpty }
        let requests = records(server, path: path).count
        let wrong = outcomes.filter { outcome in
            guard case .failure(let error, _) = outcome else { return true }
            return FailureMessages.imageCell(for: error) != FailureNotice(message: .imageUnavailable)
        }
        if let first = wrong.first {
            return "\(wrong.count) of 10 concurrent loads of a URL answering 404 (over \(requests) request\(requests == 1 ? "" : "s") to the server) did not end with its failure; one "
                + first.observed(expecting: "imageUnavailable, the failure of the shared request")
        }
        return requests == 1 ? nil : "10 concurrent loads of a failing URL sent \(requests) requests to the server, expected 1 shared by all"
    }

    public static let emptyBody = Contract<ImageLoadingSubject>(
        id: "image.emptyBody", rule: "A 200 answer with an empty body (Content-Type image/png) shows brokenImage, not an image."
    ) { subject, server in
        await warm(server, "/images/13.png")
        return await expectNotice(FailureNotice(message: .brokenImage), subject, server, path: "/images/13.png?bytes=0")
    }

    public static let wrongContentType = Contract<ImageLoadingSubject>(
        id: "image.wrongContentType",
        rule: "An answer whose Content-Type is not image/* (text/html) shows imageUnavailable, even when its body is a valid PNG."
    ) { subject, server in
        await warm(server, "/images/14.png")
        return await expectNotice(FailureNotice(message: .imageUnavailable), subject, server, path: "/images/14.png?type=text/html")
    }

    public static let loadAfterCancel = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.loadAfterCancel",
        rule: "Loading a URL again right after cancelling its only load delivers the image: the new load is not handed the cancelled one's outcome."
    ) { subject, server, folder in
        let path = "/images/15.png"
        await warm(server, path)
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("\(path)?delay=600")
        let first = Task { await result(loader, url) }
        guard await eventually(within: .seconds(3), { server.suspendedConnections >= 1 }) else {
            first.cancel()
            return "the first load's request never reached the server"
        }
        // The new load starts at once, while the cancelled one may still be winding down.
        first.cancel()
        let again = await load(loader, url, budget: .seconds(5))
        let ended = await withWatchdog(.seconds(3)) { await first.value }
        if case .overran = ended { return "the cancelled load had not ended 3 s after it was cancelled" }
        if case .success = again { return nil }
        return "loading the URL again right after cancelling its load: " + again.observed(expecting: "the image")
    }

    public static let retriesServerErrors = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.retriesServerErrors",
        rule: "A 5xx answer or a cut body is retried a bounded number of times with backoff: flaky=1 delivers the image; a lasting 503 or cut body is asked 2 to 6 times, at least 100 ms apart, then fails; a 404 is asked once."
    ) { subject, server, folder in
        // Rendered first, so the loads below wait for no rendering (this also clears the journal).
        for path in ["/images/22.png", "/images/23.png", "/images/24.png"] { await warm(server, path) }
        let loader = await subject.makeLoader(folder, relaxed)
        // `flaky` counts per URL since the server started: a token of this run's own keeps
        // the count (and the requests counted below) this run's, even on a shared server.
        let run = "run=\(UInt32.random(in: 0...UInt32.max))"
        let asked = { @Sendable (path: String) in server.requests.filter { $0.path == path && $0.query.contains(run) }.count }
        // Fails once (500), then answers.
        let once = await load(loader, server.url("/images/22.png?flaky=1&\(run)"))
        guard case .success = once else {
            return "a URL that answers 500 once, then the image: " + once.observed(expecting: "the image, on a retry")
        }
        let lasting: [(what: String, path: String, query: String)] = [
            ("a lasting 503", "/images/23.png", "status=503"), ("a body always cut after 1000 bytes", "/images/24.png", "truncate=1000"),
        ]
        for (what, path, query) in lasting {
            let outcome = await load(loader, server.url("\(path)?\(query)&\(run)"), budget: .seconds(20))
            guard case .failure(_, let elapsed) = outcome else { return "\(what): " + outcome.observed(expecting: "a failure after a few retries") }
            _ = await eventually(within: .seconds(1)) { asked(path) >= 2 }
            let count = asked(path)
            if count < 2 { return "\(what) was asked once and not retried, then " + outcome.observed(expecting: "a retry first") }
            if count > 6 { return "\(what) was asked \(count) times for one load: retries must be bounded (at most 5)" }
            if elapsed < .milliseconds(100 * (count - 1)) {
                return "\(what) was asked \(count) times within \(elapsed.milliseconds) ms: retries need a backoff (at least 100 ms between tries)"
            }
        }
        let missing = "/images/missing-25.png"
        _ = await load(loader, server.url("\(missing)?\(run)"))
        _ = await eventually(within: .seconds(1)) { asked(missing) >= 1 }
        let count = asked(missing)
        return count == 1 ? nil : "a 404 was asked \(count) times for one load: a 4xx is not retried"
    }
}
