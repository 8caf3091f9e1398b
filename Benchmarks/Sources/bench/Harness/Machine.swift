import CBenchPNG
import CBenchSQLite
import Foundation

/// The facts about the machine and the peers' versions the report is only valid for.
struct Machine: Sendable {
    let cpu: String
    let cores: Int
    let memoryGiB: Double
    let kernel: String
    let system: String
    let versions: [(String, String)]
    let commit: String

    static func current() -> Machine {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let versions: [(String, String)] = [
            ("Swift", firstLine(of: "/usr/bin/env", ["swift", "--version"]) ?? "unknown"),
            ("nginx", firstLine(of: "/usr/sbin/nginx", ["-v"]) ?? "not installed"),
            ("wrk", firstLine(of: "/usr/bin/wrk", ["-v"]) ?? "not installed"),
            ("curl", firstLine(of: "/usr/bin/curl", ["--version"]) ?? "not installed"),
            ("OpenSSL", firstLine(of: "/usr/bin/openssl", ["version"]) ?? "not installed"),
            ("libpng", String(cString: png_get_libpng_ver(nil))),
            ("SQLite", String(cString: sqlite3_libversion())),
            ("WireMock", StubCases.wireMockVersion),
        ]
        return Machine(
            cpu: model ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
            kernel: release, system: pretty ?? "Linux",
            versions: versions,
            commit: firstLine(of: "/usr/bin/env", ["git", "rev-parse", "--short", "HEAD"]) ?? "unknown")
    }

    var markdownLines: [String] {
        [
            "- Machine: \(cpu), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB; \(system), kernel \(kernel)",
            "- Code: commit `\(commit)`, release build",
            "- Peers: " + versions.map { "\($0.0) \($0.1)" }.joined(separator: "; "),
        ]
    }

    var terminalLines: [String] {
        ["machine: \(cpu), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB, \(system), kernel \(kernel)"]
    }

    /// The first line a command prints on standard output or error (`nginx -v` uses the latter).
    private static func firstLine(of executable: String, _ arguments: [String]) -> String? {
        // Any exit status: `wrk -v` prints its version and exits with 1.
        guard FileManager.default.isExecutableFile(atPath: executable),
              let finished = try? runCommand(executable, arguments, timeout: 10),
              !(finished.output + finished.errorOutput).isEmpty
        else { return nil }
        let text = finished.output.isEmpty ? finished.errorOutput : finished.output
        return text.split(separator: "\n").first.map { line in
            // "nginx version: nginx/1.22.1" → "1.22.1"; "curl 7.88.1 (x86_64…) libcurl/7.88.1 …" → "7.88.1".
            let words = line.split(separator: " ")
            if let slashed = words.first(where: { $0.hasPrefix("nginx/") }) { return String(slashed.dropFirst(6)) }
            if line.hasPrefix("curl ") || line.hasPrefix("wrk ") { return String(words[1]) }
            // "Swift version 6.3.1 (swift-6.3.1-RELEASE)" → "6.3.1 (swift-6.3.1-RELEASE)".
            if line.hasPrefix("Swift version ") { return String(line.dropFirst("Swift version ".count)) }
            return String(line)
        }
    }
}
