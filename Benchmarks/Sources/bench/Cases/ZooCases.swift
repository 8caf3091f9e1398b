import Foundation
import Synchronization

/// Case 9: the image zoo. Each format's still variant at 1024×768: how long its first request
/// takes (the server generating it), then requests/s from the mock server (serving it from its
/// image cache) against nginx sending the same bytes; and whether small requests keep their
/// latency while large variants are being generated. A format the mock server does not serve
/// (it answers 400 or 501) is left out with a remark naming the answer.
struct ZooCases {
    let settings: Settings
    let ours: ServedMockServer

    /// The measured variants: file extension, variant, and the name shown in the rows.
    static let stills: [(ext: String, variant: String, name: String)] = [
        ("jpg", "baseline", "JPEG baseline"), ("png", "rgba", "PNG rgba"), ("gif", "static", "GIF static"),
        ("webp", "lossy", "WebP lossy"), ("avif", "still", "AVIF still"), ("heic", "still", "HEIC still"),
    ]
    static let size = (width: 1024, height: 768)
    /// The large variant generated beside the small requests (48 million pixels: the large lane).
    static let largeVariant = "jpg?variant=exif-6&w=8000&h=6000"
    /// Image numbers for first requests start here, one fresh number per request (the server
    /// takes 1…1,000,000): the stills below 101,000, the large variants from 200,000, the
    /// small probes from 300,000 (15,000 a round, reused past that).
    static let firstNumber = 100_000

    /// Seconds per wrk run: half of cases 1's, as this case measures six files.
    var loadSeconds: Int { max(2, settings.wrkSeconds / 2) }

    func run(into report: inout Report) throws {
        let root = try settings.folder("www-zoo")
        var measured: [(name: String, file: String, path: String)] = []
        for (index, still) in Self.stills.enumerated() {
            let query = "variant=\(still.variant)&w=\(Self.size.width)&h=\(Self.size.height)"
            // Fresh numbers, never asked for before: each first request is really generated.
            var firstTimes: [Double] = []
            var refusal: String?
            for repetition in 0..<settings.repetitions {
                let number = Self.firstNumber + index * 100 + repetition
                let answer = try fetchAnswer(ours.url("/images/\(number).\(still.ext)?\(query)"))
                guard answer.status == 200 else {
                    refusal = "HTTP \(answer.status): \(Self.oneLine(String(decoding: answer.body, as: UTF8.self)))"
                    break
                }
                firstTimes.append(answer.seconds * 1000)
            }
            if let refusal {
                progress("case 9 \(still.name): not measured, the mock server answers \(refusal)")
                report.remark(9, "Not measured: \(still.name) (`\(still.ext)?variant=\(still.variant)`), because the mock server answers \(refusal).")
                continue
            }
            report.rows.append(Row(9, "\(still.name) \(Self.size.width)×\(Self.size.height): first request, ms", ours: Sample(firstTimes), peer: "—", nil))
            let path = "/images/1.\(still.ext)?\(query)"
            let bytes = try fetch(ours.url(path))
            let file = "zoo.\(still.ext)"
            try bytes.write(to: root.appendingPathComponent(file))
            measured.append(("\(still.name) \(Format.grouped(bytes.count / 1024)) KB", file, path))
        }

        if !measured.isEmpty {
            let nginx = try Nginx.start(serving: root, settings: settings)
            defer { nginx.stop() }
            for (name, file, path) in measured {
                let (oursURL, nginxURL) = (ours.url(path), nginx.url("/\(file)"))
                _ = try wrk(oursURL, seconds: 1)
                _ = try wrk(nginxURL, seconds: 1)
                var oursRates: [Double] = [], nginxRates: [Double] = []
                for repetition in 1...settings.repetitions {
                    oursRates.append(try wrk(oursURL, seconds: loadSeconds).requestsPerSecond)
                    nginxRates.append(try wrk(nginxURL, seconds: loadSeconds).requestsPerSecond)
                    progress("case 9 \(name) run \(repetition)/\(settings.repetitions): mockserver \(Format.number(oursRates.last!)) req/s, nginx \(Format.number(nginxRates.last!)) req/s")
                }
                report.rows.append(Row(9, "\(name): requests/s", ours: Sample(oursRates), peer: "nginx", Sample(nginxRates), target: .ratioAtLeast(0.8)))
            }
        }
        try smallBesideLarge(into: &report)

        report.remark(9, "First request: `curl` time to the last byte for a number never asked for before (one per repetition), so the server generates the variant; later requests come from its image cache. Throughput: wrk -t2 -c32 -d\(loadSeconds)s with keep-alive after a first request, alternating with nginx sending the very bytes the mock server sent (as case 1).")
    }

    /// The p99 of small requests asked one at a time on a keep-alive connection, without and
    /// then during a stream of large variants (each a fresh number, so each is generated):
    /// `/health`, and a 64×48 variant never asked for before (generated on the small lane).
    private func smallBesideLarge(into report: inout Report) throws {
        let probeSeconds = Double(loadSeconds)
        let probes: [(name: String, path: @Sendable (Int, Int) -> String)] = [
            ("/health", { _, _ in "/health" }),
            ("a new 64×48 JPEG variant", { round, k in "/images/\(300_000 + round * 15_000 + k % 15_000).jpg?variant=progressive&w=64&h=48" }),
        ]
        var quiet = Array(repeating: [Double](), count: probes.count), busy = quiet
        var largeSeconds: [Double] = []
        for repetition in 0..<settings.repetitions {
            for (index, probe) in probes.enumerated() {
                quiet[index].append(try KeepAliveProbe.p99Milliseconds(port: ours.port, seconds: probeSeconds) { probe.path(2 * repetition, $0) })
            }
            let renders = LargeRenders(url: { number in
                ours.url("/images/\(200_000 + repetition * 1000 + number % 1000).\(Self.largeVariant)")
            })
            renders.start()
            usleep(200_000)  // the first large variant is being generated
            for (index, probe) in probes.enumerated() {
                busy[index].append(try KeepAliveProbe.p99Milliseconds(port: ours.port, seconds: probeSeconds) { probe.path(2 * repetition + 1, $0) })
            }
            let done = renders.stop()
            largeSeconds += done
            progress("case 9 p99 \(probes.map(\.name).joined(separator: ", ")): \(quiet.map { Format.number($0.last!) }.joined(separator: ", ")) ms alone, \(busy.map { Format.number($0.last!) }.joined(separator: ", ")) ms beside large variants (\(done.count) generated)")
        }
        for (index, probe) in probes.enumerated() {
            report.rows.append(Row(
                9, "\(probe.name): p99 latency during large renders, ms", ours: Sample(busy[index]), peer: "without them",
                Sample(quiet[index]), target: .ratioAtMost(2)))
        }
        let each = largeSeconds.isEmpty ? "none finished" : "\(Format.number(Sample(largeSeconds).median)) s each (median)"
        report.remark(9, "Small requests beside large ones: one request at a time on one keep-alive connection for \(loadSeconds) s each, `/health`, then 64×48 progressive JPEGs each with a fresh number (so each is generated, on the small lane), first alone, then while a client asks for `\(Self.largeVariant)` with a fresh number after each answer (8000×6000, above the large-lane threshold); \(largeSeconds.count) large variants were generated in all, \(each). Target: the p99 beside them stays within 2× of the p99 alone.")
    }

    /// `text` on one line, at most 200 characters (a server's answer in a remark).
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}

/// A client asking for one large variant after another on a thread of its own, until stopped.
final class LargeRenders: Sendable {
    private struct State {
        var stopping = false
        var durations: [Double] = []
    }

    private let url: @Sendable (Int) -> URL
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    /// `url(k)` is the k-th large variant to ask for.
    init(url: @escaping @Sendable (Int) -> URL) { self.url = url }

    func start() {
        Thread.detachNewThread { [self] in
            var number = 0
            while !state.withLock({ $0.stopping }) {
                if let answer = try? fetchAnswer(url(number)), answer.status == 200 {
                    state.withLock { $0.durations.append(answer.seconds) }
                }
                number += 1
            }
            finished.signal()
        }
    }

    /// Stops after the request under way and returns each finished one's seconds.
    func stop() -> [Double] {
        state.withLock { $0.stopping = true }
        finished.wait()
        return state.withLock { $0.durations }
    }
}

/// One GET with the curl CLI, any status: the status, the body and the seconds to its last byte.
func fetchAnswer(_ url: URL) throws -> (status: Int, body: Data, seconds: Double) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-answer-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    let finished = try runCommand(
        "/usr/bin/curl", ["-sS", "-m", "60", "-o", file.path, "-w", "%{http_code} %{time_total}", url.absoluteString], timeout: 70)
    let fields = finished.output.split(separator: " ")
    guard finished.status == 0, fields.count == 2, let status = Int(fields[0]), let seconds = Double(fields[1]) else {
        throw ChildError("curl \(url) failed (\(finished.status)): \(finished.errorOutput)")
    }
    return (status, (try? Data(contentsOf: file)) ?? Data(), seconds)
}
