import ArgumentParser
import Foundation

/// `--token-file`: where the feed's bearer token is, for `feed` and `web`.
struct TokenFileOption: ParsableArguments {
    @Option(name: .customLong("token-file"), help: "A file holding the bearer token.")
    var tokenFile: String?

    /// `--token-file` as a file URL, or nil when it was not given.
    var url: URL? { tokenFile.map { URL(fileURLWithPath: $0) } }
}
