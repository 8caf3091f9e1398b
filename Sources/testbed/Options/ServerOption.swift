import ArgumentParser
import Foundation

/// `--server`: the mock (or real) server's root URL, for `gallery`, `feed` and `web`.
struct ServerOption: ParsableArguments {
    @Option(help: "The server's root URL, e.g. http://127.0.0.1:8080.")
    var server: String

    /// Rejects a `--server` that is not an absolute http(s) URL before the command runs.
    func validate() throws {
        _ = try url()
    }

    /// `--server` as an absolute http(s) URL, or a usage error naming it.
    func url() throws -> URL {
        try serverURL(server)
    }
}
