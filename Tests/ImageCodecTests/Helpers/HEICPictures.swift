import Foundation
import ImageCodec
import XCTest

/// HEIC files made in the test by libheif's own command-line encoder, `heif-enc` (Debian
/// `libheif-examples`, Homebrew `libheif`). A missing tool fails the test, naming the package.
enum HEICPictures {
    /// `image` encoded by `heif-enc` at quality 95.
    static func encode(_ image: DecodedImage, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let paths = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc", "/opt/homebrew/bin/heif-enc"]
        guard let tool = paths.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            XCTFail("heif-enc is missing: install libheif-examples (Debian) or libheif (Homebrew)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("heic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.png")
        let output = directory.appendingPathComponent("out.heic")
        try ImageCodec.encodePNG(image).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-q", "95", input.path, "-o", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "heif-enc failed", file: file, line: line)
        return try Data(contentsOf: output)
    }
}
