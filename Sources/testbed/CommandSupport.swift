import ArgumentParser
import Foundation

/// Polls `condition` every 20 ms until it holds (`true`) or `deadline` passes (`false`).
@MainActor
func wait(until deadline: ContinuousClock.Instant, _ condition: @MainActor () -> Bool) async -> Bool {
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}

/// Writes `line` to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// `text` as an absolute http(s) URL with a host (any command's URL argument), or a usage error naming it.
func serverURL(_ text: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
    else { throw ValidationError("'\(text)' is not an absolute http(s) URL") }
    return url
}

/// A usage error unless 0 < `timeout` ≤ 3600.
func validateTimeout(_ timeout: Double) throws {
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be more than 0 and at most 3600 seconds") }
}

/// A command whose work runs on the main actor, where the views and presenters live:
/// `run()` only hops there and calls ``execute()``.
protocol MainActorCommand: AsyncParsableCommand, Sendable {
    /// The run itself, on the main actor.
    @MainActor func execute() async throws
}

extension MainActorCommand {
    func run() async throws {
        try await execute()
    }
}
