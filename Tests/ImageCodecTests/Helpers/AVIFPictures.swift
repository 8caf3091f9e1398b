import Foundation
import ImageCodec
import XCTest

/// AVIF files made in the test by libavif's own command-line encoder, `avifenc` (Debian
/// `libavif-bin`, Homebrew `libavif`). A missing tool fails the test, naming the package.
enum AVIFPictures {
    /// Where `avifenc` is looked for.
    static let toolPaths = ["/usr/bin/avifenc", "/usr/local/bin/avifenc", "/opt/homebrew/bin/avifenc"]

    /// `image` encoded losslessly (`avifenc --lossless`, fastest speed).
    static func lossless(
        _ image: DecodedImage, options: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> Data {
        guard let tool = toolPaths.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            XCTFail("avifenc is missing: install libavif-bin (Debian) or libavif (Homebrew)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("avif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.png")
        let output = directory.appendingPathComponent("out.avif")
        try ImageCodec.encodePNG(image).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--lossless", "--speed", "10", "--jobs", "1"] + options + [input.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "avifenc failed", file: file, line: line)
        return try Data(contentsOf: output)
    }

    /// `data` with its first `ispe` box declaring `width` × `height`.
    static func withSpatialExtents(_ data: Data, width: UInt32, height: UInt32) throws -> Data {
        let bytes = [UInt8](data)
        let type = Array("ispe".utf8)
        guard let at = (0...(bytes.count - 16)).first(where: { Array(bytes[$0..<$0 + 4]) == type }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var patched = bytes
        // Type, then version and flags (4 bytes), then width and height, big-endian.
        patched.replaceSubrange(at + 8..<at + 16, with: bigEndian(width) + bigEndian(height))
        return Data(patched)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
