import Foundation
import Networking

/// Case 3: CurlHTTPClient against the curl CLI and URLSessionHTTPClient, downloading the 1 MB
/// PNG from the mock server 200 times in a row and 32 at once, then waiting on a stalled server.
struct ClientCases {
    let settings: Settings
    let ours: ServedMockServer

    static let sequentialCount = 200
    static let parallelCount = 32

    func run(into report: inout Report) async throws {
        let url = ours.url(ServerCases.pngPath)
        let curl = CurlHTTPClient(configuration: .init(maxConnectionsPerHost: Self.parallelCount))
        let session = URLSessionHTTPClient(maximumConnectionsPerHost: Self.parallelCount)

        let sequential = try await compare(
            "\(Self.sequentialCount) × 1 MB in a row",
            ours: { try await Self.download(url, count: Self.sequentialCount, inParallel: false, with: curl) },
            cli: { try Self.curlCLI(url, count: Self.sequentialCount, inParallel: false) },
            session: { try await Self.download(url, count: Self.sequentialCount, inParallel: false, with: session) })
        let parallel = try await compare(
            "\(Self.parallelCount) × 1 MB at once",
            ours: { try await Self.download(url, count: Self.parallelCount, inParallel: true, with: curl) },
            cli: { try Self.curlCLI(url, count: Self.parallelCount, inParallel: true) },
            session: { try await Self.download(url, count: Self.parallelCount, inParallel: true, with: session) })
        for (title, samples) in [sequential, parallel] {
            report.rows.append(Row(3, "\(title), ms", ours: samples.ours, peer: "curl CLI", samples.cli, target: .ratioAtMost(1.2)))
            report.rows.append(Row(3, "\(title), ms", ours: samples.ours, peer: "URLSession", samples.session, target: .ratioAtMost(1.0)))
        }

        let stall = try stallCPU()
        report.rows.append(Row(
            3, "CPU while waiting \(settings.stallSeconds) s on a stall, % of a core", ours: stall.ours, peer: "curl CLI",
            stall.cli, target: .below(1)))
        report.rows.append(Row(
            3, "CPU while waiting \(settings.stallSeconds) s on a stall, % of a core", ours: stall.ours, peer: "URLSession",
            stall.session, target: .below(1)))
        report.remark(3, "One client object per side for all repetitions (connections reused, as an app would); the curl CLI fetches all URLs in one process (`curl URL…`, and `curl -Z --parallel-max 32` at once), so its figure includes starting curl (a few ms). Every body is checked to be \(Format.grouped(Self.expectedBytes)) bytes or more.")
        report.remark(3, "The stall: `?stall_after=1000` (headers and 1,000 bytes, then silence). Each client waits in a process of its own (`bench stall-client`), the three side by side; CPU is that process's user + system time over the wait.")
    }

    /// Smallest body accepted as the PNG (a cut or empty answer must not count as fast).
    static let expectedBytes = 900_000

    private func compare(
        _ title: String, ours: () async throws -> Double, cli: () throws -> Double, session: () async throws -> Double
    ) async throws -> (String, (ours: Sample, cli: Sample, session: Sample)) {
        var oursRuns: [Double] = [], cliRuns: [Double] = [], sessionRuns: [Double] = []
        _ = try await ours(); _ = try cli(); _ = try await session()
        // Each repetition takes well under a second: more of them steady the median.
        let repetitions = max(settings.repetitions, 11)
        for _ in 0..<repetitions {
            oursRuns.append(try await ours() * 1000)
            cliRuns.append(try cli() * 1000)
            sessionRuns.append(try await session() * 1000)
        }
        let samples = (Sample(oursRuns), Sample(cliRuns), Sample(sessionRuns))
        progress("case 3 \(title): ours \(Format.number(samples.0.median)) ms, curl CLI \(Format.number(samples.1.median)) ms, URLSession \(Format.number(samples.2.median)) ms")
        return (title, samples)
    }

    /// Seconds to download `url` `count` times through `client`, in a row or all at once.
    static func download(_ url: URL, count: Int, inParallel: Bool, with client: any HTTPClient) async throws -> Double {
        let request = HTTPRequest(url: url)
        return try await seconds {
            if inParallel {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<count { group.addTask { try await client.send(request).body.count } }
                    for try await size in group where size < expectedBytes { throw ChildError("short body: \(size) bytes") }
                }
            } else {
                for _ in 0..<count {
                    let size = try await client.send(request).body.count
                    if size < expectedBytes { throw ChildError("short body: \(size) bytes") }
                }
            }
        }
    }

    /// Seconds for one curl CLI process to download `url` `count` times (bodies to /dev/null).
    static func curlCLI(_ url: URL, count: Int, inParallel: Bool) throws -> Double {
        var arguments = ["-sS", "-m", "60", "-w", "%{size_download}\\n"]
        if inParallel { arguments += ["-Z", "--parallel-max", "\(count)", "--parallel-immediate"] }
        for _ in 0..<count { arguments += [url.absoluteString, "-o", "/dev/null"] }
        var finished: Finished?
        let elapsed = try seconds { finished = try runCommand("/usr/bin/curl", arguments, timeout: 120) }
        guard let finished, finished.status == 0 else {
            throw ChildError("curl CLI failed (\(finished?.status ?? -1)): \(finished?.errorOutput ?? "")")
        }
        let sizes = finished.output.split(separator: "\n").compactMap { Int($0) }
        guard sizes.count == count, sizes.allSatisfy({ $0 >= expectedBytes }) else {
            throw ChildError("curl CLI downloaded \(sizes) instead of \(count) full bodies")
        }
        return elapsed
    }

    /// Starts the three waiting clients side by side, once per repetition.
    private func stallCPU() throws -> (ours: Sample, cli: Sample, session: Sample) {
        let url = ours.url(ServerCases.pngPath + "?stall_after=1000")
        var results: [String: [Double]] = [:]
        for repetition in 1...settings.repetitions {
            let kinds = ["ours", "curl-cli", "urlsession"]
            let settings = self.settings
            let usage = try sideBySide(kinds) { kind in
                let finished = try runCommand(
                    ownExecutable(),
                    ["stall-client", "--client", kind, "--url", url.absoluteString, "--seconds", "\(settings.stallSeconds)"],
                    timeout: Double(settings.stallSeconds) + 30)
                let line = finished.output.split(separator: "\n").last.map(String.init) ?? ""
                guard finished.status == 0, line.hasPrefix("cpu "), let cpu = Double(line.dropFirst(4)) else {
                    throw ChildError("stall-client \(kind) failed (\(finished.status)): \(finished.errorOutput)\(finished.output)")
                }
                return cpu / Double(settings.stallSeconds) * 100
            }
            for (kind, percent) in usage { results[kind, default: []].append(percent) }
            progress("case 3 stall run \(repetition)/\(settings.repetitions): " + kinds.map { "\($0) \(Format.number(results[$0]!.last!))%" }.joined(separator: ", "))
        }
        return (Sample(results["ours"]!), Sample(results["curl-cli"]!), Sample(results["urlsession"]!))
    }
}
