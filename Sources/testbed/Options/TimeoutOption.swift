import ArgumentParser
import Foundation

/// `--timeout`: how long `gallery` and `feed --once` wait for the screen to settle before they
/// give up.
struct TimeoutOption: ParsableArguments {
    @Option(help: "Give up after this many seconds (feed: with --once only).")
    var timeout: Double = 60

    func validate() throws {
        try validateTimeout(timeout)
    }

    /// The moment `--timeout` seconds from now.
    func deadline() -> ContinuousClock.Instant {
        .now + .milliseconds(Int(timeout * 1000))
    }

    /// `--timeout` as the messages print it, e.g. "60 s".
    var described: String { "\(String(format: "%g", timeout)) s" }
}
