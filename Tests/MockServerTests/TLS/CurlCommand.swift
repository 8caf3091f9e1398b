import Foundation
import TestSupport
import XCTest

/// The `curl` command line, as a tester runs it against the HTTPS listeners.
enum CurlCommand {
    /// What one run of `curl` ended with.
    struct Run {
        /// The exit status (curl's error code: 0, 28, 35, 60…), or `nil` if it did not end in time.
        let status: Int32?
        let standardOutput: String
        let standardError: String
    }

    /// `/usr/bin/curl` (Debian's `curl`; ci/install-deps.sh installs it).
    static let path = "/usr/bin/curl"

    /// Runs `curl -sS` with `arguments`, giving it `limit` seconds to exit.
    static func run(_ arguments: [String], limit: Double = 15) throws -> Run {
        let child = try ChildProcess(URL(fileURLWithPath: path), ["-sS", "--noproxy", "*"] + arguments)
        let status = child.waitForExit(timeout: limit)
        return Run(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
