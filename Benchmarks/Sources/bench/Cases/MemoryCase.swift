import Foundation

/// Case 6: the peak resident size of a process loading 1,000 distinct 1024×768 images through
/// ImagePipeline with a 64 MB memory limit (target: under the limit + 40 MB), with our client
/// and with URLSession underneath.
struct MemoryCase {
    let settings: Settings
    let ours: ServedMockServer

    func run(into report: inout Report) throws {
        var peaks: [String: [Double]] = [:], baselines: [String: [Double]] = [:]
        var took: [String: Double] = [:]
        let repetitions = settings.repetitions
        for round in 1...repetitions {
            // Both clients at once: the server renders each image once for both (it renders a
            // 1 MB PNG in ~0.1 s and keeps 256 MB of them), which halves the case's time. The
            // peak is per process, so sharing the machine changes the times, not the figure.
            let clients = ["ours", "urlsession"]
            let (settings, server) = (self.settings, ours.url("").absoluteString)
            let measured = try sideBySide(clients) { client in
                let cache = settings.workDir.appendingPathComponent("memory-\(client)-\(round)")
                defer { try? FileManager.default.removeItem(at: cache) }
                let finished = try runCommand(
                    ownExecutable(),
                    ["memory-probe", "--client", client, "--server", server, "--count", "\(settings.imageCount)", "--cache", cache.path],
                    timeout: 900)
                let words = finished.output.split(separator: "\n").last?.split(separator: " ") ?? []
                guard finished.status == 0, words.count == 8, let baseline = Double(words[1]), let peak = Double(words[3]),
                      let loaded = Int(words[5]), let elapsed = Double(words[7])
                else {
                    throw ChildError("memory-probe \(client) failed (\(finished.status)): \(finished.errorOutput)\(finished.output)")
                }
                guard loaded == settings.imageCount else { throw ChildError("memory-probe \(client) loaded \(loaded) images") }
                return [baseline / 1024, peak / 1024, elapsed]
            }
            for client in clients {
                let (baseline, peak, elapsed) = (measured[client]![0], measured[client]![1], measured[client]![2])
                peaks[client, default: []].append(peak)
                baselines[client, default: []].append(baseline)
                took[client, default: 0] += elapsed
                progress("case 6 run \(round)/\(repetitions) \(client): peak \(Format.number(peak)) MB (\(Format.number(baseline)) MB before loading), \(settings.imageCount) images in \(Format.number(elapsed)) s")
            }
        }
        let limit = Double(MemoryProbeCommand.memoryLimit) / 1_048_576
        let growth = { (client: String) in Sample(zip(peaks[client]!, baselines[client]!).map { $0 - $1 }) }
        report.rows.append(Row(
            6, "peak RSS above the process before loading, MB", ours: growth("ours"), peer: "same pipeline on URLSession",
            growth("urlsession"), target: .below(limit + 40)))
        report.rows.append(Row(
            6, "peak RSS of the whole process, MB", ours: Sample(peaks["ours"]!), peer: "same pipeline on URLSession",
            Sample(peaks["urlsession"]!), target: .below(limit + 40)))
        report.rows.append(Row(
            6, "RSS before loading (runtime, Foundation, libcurl), MB", ours: Sample(baselines["ours"]!),
            peer: "same pipeline on URLSession", Sample(baselines["urlsession"]!)))
        report.remark(6, "Each run is a fresh process (`bench memory-probe`) loading /images/1…\(settings.imageCount).png (1024×768, about 1 MB each, 3 MB decoded) six at a time (the two clients side by side, each in its own process) through `ImagePipeline` with `MemoryImageCache(costLimit: 64 MB)` and a `DiskCache` (150 MB) in a new folder; the peak is the kernel's VmHWM for that process, so it includes the runtime (the 'before loading' row). The target (the 64 MB limit + 40 MB) is checked both on what loading added and, read literally, on the whole process; read that way, the ~30 MB a Swift process with Foundation and libcurl holds before loading anything leaves about 10 MB for everything in flight (six 1 MB bodies, each decoding into 3 MB). Mean time for the \(Format.grouped(settings.imageCount)) loads: ours \(Format.number(took["ours"]! / Double(repetitions))) s, URLSession \(Format.number(took["urlsession"]! / Double(repetitions))) s (the mock server renders each image on first request).")
    }
}
