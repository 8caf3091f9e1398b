import ArgumentParser
import Foundation
import Networking
import Synchronization

/// `bench stall-client`: one client waiting `--seconds` on a URL whose body stalls, in a process
/// of its own so its CPU time is its own. Prints `cpu SECONDS` (user + system over the wait).
struct StallClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stall-client", abstract: "Wait on a stalled download and print the CPU used.", shouldDisplay: false)

    @Option(help: "ours, urlsession or curl-cli.")
    var client: String
    @Option(help: "A URL whose body stalls (e.g. ?stall_after=1000).")
    var url: String
    @Option(help: "How long to wait.")
    var seconds: Int = 10

    func run() async throws {
        guard let target = URL(string: url) else { throw ValidationError("not a URL: \(url)") }
        let wait = Duration.seconds(seconds)
        switch client {
        case "curl-cli":
            // curl gives up after -m seconds with code 28; its CPU is this process's reaped child.
            let finished = try runCommand("/usr/bin/curl", ["-s", "-m", "\(seconds)", "-o", "/dev/null", url], timeout: Double(seconds) + 20)
            guard finished.status == 28 else { throw ValidationError("curl ended with \(finished.status), not 28 (timeout)") }
            FileHandle.standardOutput.write(Data("cpu \(finished.cpuSeconds)\n".utf8))
        case "ours", "urlsession":
            let http: any HTTPClient = client == "ours" ? CurlHTTPClient() : URLSessionHTTPClient()
            // Deadlines far beyond the wait: the client must simply sit there.
            let request = HTTPRequest(url: target, timeouts: RequestTimeouts(connect: .seconds(10), stall: .seconds(600), total: .seconds(600)))
            let ended = Mutex(false)
            let before = ownCPU()
            let transfer = Task {
                defer { ended.withLock { $0 = true } }
                return try await http.send(request)
            }
            try await Task.sleep(for: wait)
            let used = ownCPU() - before
            // A transfer that ended early did not wait: its figure would mean nothing.
            if ended.withLock({ $0 }) {
                throw ValidationError("the download ended before the \(seconds) s wait was over")
            }
            transfer.cancel()
            FileHandle.standardOutput.write(Data("cpu \(used)\n".utf8))
            // Not waiting for the cancellation: URLSession on Linux may ignore it (see CONFORMANCE.md).
            Glibc.exit(0)
        default:
            throw ValidationError("--client must be ours, urlsession or curl-cli")
        }
    }
}
