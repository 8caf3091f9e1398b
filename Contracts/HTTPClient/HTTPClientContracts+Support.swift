import ContractsCore
import Foundation
import MockServer
import Networking

/// What one request did, as a contract sees it.
typealias SendOutcome = TimedOutcome<HTTPResponse, NetworkError>

extension TimedOutcome where Success == HTTPResponse, Failure == NetworkError {
    /// A sentence for a violation: what happened, and what was expected.
    func observed(expecting expected: String) -> String {
        observed(expecting: expected, success: { "got status \($0.status)" }, failure: { "threw \($0.caseName)" })
    }
}

extension HTTPClientContracts {
    /// Sends with a watchdog of `budget`.
    static func send(_ client: any HTTPClient, _ request: HTTPRequest, budget: Duration) async -> SendOutcome {
        let outcome = await withWatchdog(budget) { () async -> Result<HTTPResponse, NetworkError> in
            do throws(NetworkError) {
                return .success(try await client.send(request))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .overran(let elapsed): return .overran(elapsed)
        case .finished(.success(let response), let elapsed): return .success(response, elapsed: elapsed)
        case .finished(.failure(let error), let elapsed): return .failure(error, elapsed: elapsed)
        }
    }

    /// `nil` when `request` fails with `expected` no sooner than `notBefore` and within `within`.
    static func expect(
        _ expected: NetworkError, _ client: any HTTPClient, _ request: HTTPRequest,
        notBefore: Duration = .zero, within: Duration = .seconds(5)
    ) async -> String? {
        let outcome = await send(client, request, budget: within + .seconds(2))
        guard case .failure(let error, let elapsed) = outcome, error == expected else {
            return outcome.observed(expecting: "\(expected.caseName) within \(within.milliseconds) ms")
        }
        if elapsed < notBefore - .milliseconds(20) {
            return "threw \(expected.caseName) after \(elapsed.milliseconds) ms, before the \(notBefore.milliseconds) ms deadline"
        }
        if elapsed > within {
            return "threw \(expected.caseName) only after \(elapsed.milliseconds) ms, expected within \(within.milliseconds) ms"
        }
        return nil
    }

    /// How `response` differs from a 200 with `reference` as its body, or nil.
    static func differences(_ response: HTTPResponse, _ reference: [UInt8]) -> String? {
        guard response.status == 200 else { return "status \(response.status), expected 200" }
        guard response.body.count == reference.count else {
            return "received \(response.body.count) bytes, the server sent \(reference.count)"
        }
        if let index = zip(response.body, reference).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "the body differs from the server's at byte \(index)"
        }
        return nil
    }

    /// The size-limit rule: `tooLarge(limit:)` soon, and the process's memory grew by no more than
    /// the limit plus the probe's allowance while the request ran (a client that buffers the
    /// whole 64 MB body grows by 64 MB).
    static func expectTooLarge(_ subject: HTTPClientSubject, _ server: MockServer, path: String) async -> String? {
        let limit = 1_000_000
        let allowance = 16_000_000
        let client = await subject.makeClient(6)
        let request = HTTPRequest(url: server.url(path), maxBytes: limit)
        let (problem, growth) = await MemoryProbe.peakGrowth {
            await expect(.tooLarge(limit: limit), client, request, within: .seconds(5))
        }
        if let problem { return problem }
        return growth <= limit + allowance
            ? nil : "memory grew by \(growth / 1_000_000) MB while refusing a body over the \(limit / 1_000_000) MB limit"
    }

    /// Generates an image before a timed check, so rendering time is not counted against a deadline.
    static func warm(_ server: MockServer, _ path: String) async {
        _ = await ReferenceHTTP.body(port: server.port, pathAndQuery: path)
    }
}
