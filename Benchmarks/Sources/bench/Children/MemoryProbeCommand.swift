import ArgumentParser
import Foundation
import ImageCache
import Networking

/// `bench memory-probe`: loads `--count` distinct images through an ImagePipeline (64 MB
/// memory cache, a disk cache in `--cache`), six at a time as a scrolling gallery would, in a
/// fresh process so the kernel's high-water mark (VmHWM) is this load's peak. Prints
/// `baseline KB peak KB loaded N seconds S`.
struct MemoryProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-probe", abstract: "Load many images and print the peak resident size.", shouldDisplay: false)

    @Option(help: "ours (CurlHTTPClient) or urlsession.")
    var client: String
    @Option(help: "The mock server's base URL.")
    var server: String
    @Option(help: "Distinct images to load.")
    var count: Int = 1000
    @Option(help: "The disk cache's folder.")
    var cache: String

    static let memoryLimit = 64 * 1024 * 1024
    static let inFlight = 6

    func run() async throws {
        guard let base = URL(string: server) else { throw ValidationError("not a URL: \(server)") }
        let http: any HTTPClient
        switch client {
        case "ours": http = CurlHTTPClient()
        case "urlsession": http = URLSessionHTTPClient()
        default: throw ValidationError("--client must be ours or urlsession")
        }
        let memory = MemoryImageCache(costLimit: Self.memoryLimit)
        // As the app composes it (AppWireframe): freed pixel memory goes back to the system.
        let pipeline = ImagePipeline(
            client: http, memory: memory, disk: DiskCache(folder: URL(fileURLWithPath: cache)),
            configuration: .init(returnsFreedMemory: true))
        let baseline = Self.status("VmRSS")
        var loaded = 0
        let elapsed = try await seconds {
            try await withThrowingTaskGroup(of: Int.self) { group in
                var next = 1
                func add() {
                    let url = base.appendingPathComponent("images/\(next).png")
                    next += 1
                    group.addTask { try await pipeline.image(for: url).image.width }
                }
                while next <= min(Self.inFlight, count) { add() }
                for try await width in group {
                    guard width == 1024 else { throw ValidationError("image \(loaded) was \(width) wide") }
                    loaded += 1
                    if next <= count { add() }
                }
            }
        }
        guard memory.totalCost <= Self.memoryLimit else { throw ValidationError("the memory cache went over its limit") }
        FileHandle.standardOutput.write(Data("baseline \(baseline) peak \(Self.status("VmHWM")) loaded \(loaded) seconds \(elapsed)\n".utf8))
        Glibc.exit(0)  // URLSession on Linux may hold the process open with work that never ends
    }

    /// A `/proc/self/status` field in kB ("VmRSS", "VmHWM").
    static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}
