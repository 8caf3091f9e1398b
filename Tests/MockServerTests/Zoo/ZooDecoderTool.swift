import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A command-line decoder from Debian (or Homebrew) run on a zoo variant's bytes: the check from
/// outside that a file is what its name says. A missing tool is a failure naming the package that
/// installs it (ci/install-deps.sh does), never a skip.
struct ZooDecoderTool {
    /// The executable's name on `PATH`.
    let name: String
    /// The Debian package that installs it.
    let package: String

    static let gifsicle = ZooDecoderTool(name: "gifsicle", package: "gifsicle")
    static let webpmux = ZooDecoderTool(name: "webpmux", package: "webp")
    static let dwebp = ZooDecoderTool(name: "dwebp", package: "webp")
    static let avifdec = ZooDecoderTool(name: "avifdec", package: "libavif-bin")
    static let heifInfo = ZooDecoderTool(name: "heif-info", package: "libheif-examples")
    static let heifConvert = ZooDecoderTool(name: "heif-convert", package: "libheif-examples")

    /// What a run printed (standard output and error, whitespace runs folded to one space) and
    /// its exit status.
    struct Run {
        let output: String
        let status: Int32
    }

    /// Writes `variant`'s bytes for `picture` to a temporary file named after it and runs the
    /// tool with `arguments`, where `{}` stands for that file (and `{}.png` for an output
    /// beside it). Fails the test, returning nil, when the tool is missing or hangs.
    func run(
        _ arguments: [String], on data: Data, named fileName: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Run? {
        guard let executable = Self.find(name) else {
            XCTFail(
                "\(name) is not installed: `apt-get install \(package)` (ci/install-deps.sh installs it)", file: file, line: line)
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(fileName).path
        try data.write(to: URL(fileURLWithPath: path))
        let child = try ChildProcess(executable, arguments.map { $0.replacingOccurrences(of: "{}", with: path) })
        guard let status = child.waitForExit(timeout: 30) else {
            XCTFail("\(name) did not finish within 30 s", file: file, line: line)
            return nil
        }
        let text = (child.standardOutput + "\n" + child.standardError).replacingOccurrences(of: folder.path + "/", with: "")
        let folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Run(output: folded, status: status)
    }

    /// The first executable `name` on `PATH`.
    private static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
