import Foundation

/// What one operation a contract timed did: a result or an error, each with the time it took,
/// or nothing before the watchdog's budget ran out.
package enum TimedOutcome<Success: Sendable, Failure: Error>: Sendable {
    case success(Success, elapsed: Duration)
    case failure(Failure, elapsed: Duration)
    case overran(Duration)

    /// Whether it ended with a result.
    package var succeeded: Bool {
        if case .success = self { return true }
        return false
    }

    /// A sentence for a violation: what happened (`success` and `failure` describe a result and
    /// an error), when, and what was expected.
    package func observed(
        expecting expected: String, success: (Success) -> String, failure: (Failure) -> String
    ) -> String {
        switch self {
        case .success(let value, let elapsed):
            return "\(success(value)) after \(elapsed.milliseconds) ms, expected \(expected)"
        case .failure(let error, let elapsed):
            return "\(failure(error)) after \(elapsed.milliseconds) ms, expected \(expected)"
        case .overran(let elapsed):
            return "no answer after \(elapsed.milliseconds) ms, expected \(expected)"
        }
    }
}
