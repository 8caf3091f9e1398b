public import ContractsCore
import Foundation
import Messages
import MockServer
import Networking

/// The rules every ``HTTPClient`` keeps, each a ``Contract`` run against a live ``MockServer``.
/// Deadlines are scaled down to hundreds of milliseconds; the rules are the same at 30 s.
public enum HTTPClientContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<HTTPClientSubject>] = [
        bodyIntact, totalDeadline, stallDeadline, slowHeaders, refusedIsOffline, cutBodyIsConnectionLost,
        resetIsConnectionLost, notFoundIsHTTPStatus, serverErrorIsHTTPStatus, tooLargeByContentLength,
        tooLargeByStream, cancellationIsPrompt, perHostLimit, connectionReuse, offlineSwitch, errorMessages,
        queuedRequestClocks, connectDeadline, redirectsFollowed, redirectLoopIsAnError, emptyReplyIsConnectionLost,
        garbageIsInvalidResponse, certificateFailureIsCertificateError, validChainWorks, stalledHandshakeEndsAtStallDeadline,
        httpsBodyIntact,
    ]

    public static let bodyIntact = Contract<HTTPClientSubject>(
        id: "http.bodyIntact", rule: "A 1 MB body arrives byte for byte as the server sent it."
    ) { subject, server in
        let path = "/images/1.png?bytes=1048576"
        guard let reference = await ReferenceHTTP.body(port: server.port, pathAndQuery: path) else {
            return "the reference fetch failed (server problem, not the client's)"
        }
        switch await send(subject.makeClient(6), HTTPRequest(url: server.url(path)), budget: .seconds(10)) {
        case .success(let response, _):
            return differences(response, reference)
        case let other:
            return other.observed(expecting: "a 200 with the body")
        }
    }

    public static let totalDeadline = Contract<HTTPClientSubject>(
        id: "http.totalDeadline",
        rule: "A body still dripping in when the total deadline passes ends in timedOut: not before the deadline, at most 0.5 s after."
    ) { subject, server in
        await warm(server, "/images/1.png")
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .milliseconds(800))
        let request = HTTPRequest(url: server.url("/images/1.png?drip=100000"), timeouts: timeouts)
        return await expect(.timedOut, subject.makeClient(6, timeouts: timeouts), request, notBefore: .milliseconds(800), within: .milliseconds(1300))
    }

    public static let stallDeadline = Contract<HTTPClientSubject>(
        id: "http.stallDeadline",
        rule: "A body that stops arriving ends in timedOut once no byte came for the stall deadline, at most 0.5 s after."
    ) { subject, server in
        await warm(server, "/images/1.png")
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .milliseconds(500), total: .seconds(10))
        let request = HTTPRequest(url: server.url("/images/1.png?stall_after=1000"), timeouts: timeouts)
        return await expect(.timedOut, subject.makeClient(6, timeouts: timeouts), request, notBefore: .milliseconds(500), within: .milliseconds(1100))
    }

    public static let slowHeaders = Contract<HTTPClientSubject>(
        id: "http.slowHeaders",
        rule: "A server that holds back its status line past the total deadline gives timedOut, at most 0.5 s after the deadline."
    ) { subject, server in
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(5), total: .milliseconds(500))
        let request = HTTPRequest(url: server.url("/health?delay=3000"), timeouts: timeouts)
        return await expect(.timedOut, subject.makeClient(6, timeouts: timeouts), request, notBefore: .milliseconds(500), within: .milliseconds(1000))
    }

    public static let refusedIsOffline = Contract<HTTPClientSubject>(
        id: "http.refusedIsOffline", rule: "A refused connection is offline, reported within 1 s (not after the connect deadline)."
    ) { subject, server in
        guard let refusing = RefusingPort() else { return "could not reserve a refusing port" }
        let url = URL(string: "http://127.0.0.1:\(refusing.port)/health")!
        let problem = await expect(.offline, subject.makeClient(6), HTTPRequest(url: url), notBefore: .zero, within: .seconds(1))
        withExtendedLifetime(refusing) {}  // the port stays reserved until the check is done
        return problem
    }

    public static let cutBodyIsConnectionLost = Contract<HTTPClientSubject>(
        id: "http.cutBodyIsConnectionLost", rule: "A body cut short of its Content-Length is connectionLost."
    ) { subject, server in
        await expect(.connectionLost, subject.makeClient(6), HTTPRequest(url: server.url("/images/1.png?truncate=5000")))
    }

    public static let resetIsConnectionLost = Contract<HTTPClientSubject>(
        id: "http.resetIsConnectionLost", rule: "A connection reset without any response is connectionLost."
    ) { subject, server in
        await expect(.connectionLost, subject.makeClient(6), HTTPRequest(url: server.url("/images/1.png?reset=1")))
    }

    public static let notFoundIsHTTPStatus = Contract<HTTPClientSubject>(
        id: "http.notFoundIsHTTPStatus", rule: "A 404 is httpStatus(404)."
    ) { subject, server in
        await expect(.httpStatus(404), subject.makeClient(6), HTTPRequest(url: server.url("/images/missing-4.png")))
    }

    public static let serverErrorIsHTTPStatus = Contract<HTTPClientSubject>(
        id: "http.serverErrorIsHTTPStatus", rule: "A 500 is httpStatus(500)."
    ) { subject, server in
        await expect(.httpStatus(500), subject.makeClient(6), HTTPRequest(url: server.url("/health?status=500")))
    }

    public static let tooLargeByContentLength = Contract<HTTPClientSubject>(
        id: "http.tooLargeByContentLength",
        rule: "A declared Content-Length over the limit is tooLarge(limit:), and memory does not grow with the body (at most limit + 16 MB measured)."
    ) { subject, server in
        await expectTooLarge(subject, server, path: "/health?bytes=64000000")
    }

    public static let tooLargeByStream = Contract<HTTPClientSubject>(
        id: "http.tooLargeByStream",
        rule: "A chunked body (no Content-Length) growing over the limit is tooLarge(limit:), and memory does not grow with the body (at most limit + 16 MB measured)."
    ) { subject, server in
        await expectTooLarge(subject, server, path: "/health?bytes=64000000&chunked=1")
    }

    public static let cancellationIsPrompt = Contract<HTTPClientSubject>(
        id: "http.cancellationIsPrompt",
        rule: "Cancelling the calling task ends the request with cancelled within 100 ms and closes its connection."
    ) { subject, server in
        let client = await subject.makeClient(6)
        let request = HTTPRequest(url: server.url("/health?stall_after=0"))
        let task = Task { () throws(NetworkError) -> HTTPResponse in try await client.send(request) }
        guard await eventually(within: .seconds(3), { server.suspendedConnections >= 1 }) else {
            task.cancel()
            return "the request never reached the server"
        }
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let outcome = await withWatchdog(.seconds(2)) { await task.result }
        let elapsed = clock.now - cancelledAt
        switch outcome {
        case .overran:
            return "still running 2 s after cancellation"
        case .finished(.success(let response), _):
            return "returned status \(response.status) after cancellation instead of cancelled"
        case .finished(.failure(let error), _):
            guard let error = error as? NetworkError, error == .cancelled else {
                return "threw \((error as? NetworkError)?.caseName ?? "\(error)") after cancellation, expected cancelled"
            }
            if elapsed > .milliseconds(100) { return "cancelled only after \(elapsed.milliseconds) ms" }
        }
        let closed = await eventually(within: .seconds(1)) {
            server.requests.contains { $0.path == "/health" && $0.outcome == .clientClosed }
        }
        return closed ? nil : "the server still saw the connection open 1 s after cancellation"
    }

    public static let perHostLimit = Contract<HTTPClientSubject>(
        id: "http.perHostLimit",
        rule: "A client limited to N requests per host never has more than N in flight there; the others wait and succeed."
    ) { subject, server in
        let client = await subject.makeClient(3)
        let urls = (0..<10).map { server.url("/health?delay=300&n=\($0)") }
        let results = await withTaskGroup(of: Bool.self) { group in
            for url in urls {
                group.addTask { if case .success = await send(client, HTTPRequest(url: url), budget: .seconds(8)) { true } else { false } }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        let failures = results.filter { !$0 }.count
        if failures > 0 { return "\(failures) of 10 requests failed" }
        let inFlight = server.requests.filter { $0.path == "/health" }.maximumInFlight
        return inFlight <= 3 ? nil : "the server saw \(inFlight) requests in flight at once with a limit of 3"
    }

    public static let connectionReuse = Contract<HTTPClientSubject>(
        id: "http.connectionReuse", rule: "50 sequential requests to one host reuse connections (at most 2 opened)."
    ) { subject, server in
        let client = await subject.makeClient(6)
        for index in 0..<50 {
            if case let failure = await send(client, HTTPRequest(url: server.url("/health?n=\(index)")), budget: .seconds(5)),
                !failure.succeeded
            {
                return failure.observed(expecting: "request \(index) to succeed")
            }
        }
        let connections = Set(server.requests.filter { $0.path == "/health" }.map(\.connection)).count
        return connections <= 2 ? nil : "50 requests used \(connections) connections"
    }

    public static let offlineSwitch = Contract<HTTPClientSubject>(
        id: "http.offlineSwitch", rule: "While the server is offline requests fail with offline; once it is back they succeed."
    ) { subject, server in
        let client = await subject.makeClient(6)
        do { try server.setOffline(true) } catch { return "could not switch the server offline: \(error)" }
        let whileOffline = await send(client, HTTPRequest(url: server.url("/health")), budget: .seconds(3))
        do { try server.setOffline(false) } catch { return "could not switch the server back online: \(error)" }
        if case .failure(.offline, _) = whileOffline {} else {
            return whileOffline.observed(expecting: "offline while the server was offline")
        }
        let afterwards = await send(client, HTTPRequest(url: server.url("/health")), budget: .seconds(5))
        return afterwards.succeeded ? nil : afterwards.observed(expecting: "success once the server was back")
    }

    public static let errorMessages = Contract<HTTPClientSubject>(
        id: "http.errorMessages",
        rule: "Each failure a user can meet shows its message: offline, timedOut and connectionLost with Pull down to refresh; 404 unavailable; 500 server error; too large."
    ) { subject, server in
        let client = await subject.makeClient(6)
        let short = RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .milliseconds(400))
        guard let refusing = RefusingPort() else { return "could not reserve a refusing port" }
        let cases: [(fault: String, request: HTTPRequest, expected: FailureNotice)] = [
            ("refused", HTTPRequest(url: URL(string: "http://127.0.0.1:\(refusing.port)/")!),
             FailureNotice(message: .offline, hint: .pullToRefresh)),
            ("delay", HTTPRequest(url: server.url("/health?delay=2000"), timeouts: short),
             FailureNotice(message: .timedOut, hint: .pullToRefresh)),
            ("truncate", HTTPRequest(url: server.url("/images/1.png?truncate=5000")),
             FailureNotice(message: .timedOut, hint: .pullToRefresh)),
            ("404", HTTPRequest(url: server.url("/images/missing-4.png")), FailureNotice(message: .imageUnavailable)),
            ("500", HTTPRequest(url: server.url("/health?status=500")), FailureNotice(message: .serverError)),
            ("bytes", HTTPRequest(url: server.url("/health?bytes=3000000"), maxBytes: 1_000_000),
             FailureNotice(message: .imageTooLarge)),
        ]
        var problems: [String] = []
        for item in cases {
            let outcome = await send(client, item.request, budget: .seconds(5))
            guard case .failure(let error, _) = outcome else {
                problems.append("\(item.fault): " + outcome.observed(expecting: "a failure"))
                continue
            }
            let shown = FailureMessages.imageCell(for: error)
            if shown != item.expected {
                let text = shown.map { notice in notice.texts(in: .en) }.map { "\($0.message)\($0.hint.map { " / " + $0 } ?? "")" } ?? "nothing"
                problems.append("\(item.fault): \(error.caseName) shows “\(text)”")
            }
        }
        withExtendedLifetime(refusing) {}
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
