import Foundation
import XCTest

@testable import MockServer

/// The zoo's registry and its encoders, without a server.
final class ImageZooRegistryTests: XCTestCase {
    func test_everyVariant_hasAUniqueURLSafeName_aSummaryAndAdvice() {
        var seen = Set<String>()
        for variant in ZooVariants.all {
            let id = "\(variant.format.fileExtension) \(variant.name)"
            XCTAssertTrue(seen.insert(id).inserted, "\(id) twice")
            XCTAssertTrue(variant.name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }, id)
            XCTAssertFalse(variant.summary.isEmpty, id)
            XCTAssertFalse(variant.advice.isEmpty, id)
        }
        XCTAssertEqual(ZooVariants.of(.jpeg).count, 19)
        XCTAssertEqual(ZooVariants.of(.png).count, 12)
    }

    func test_theGuide_listsEveryVariant() throws {
        let guide = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/MOCKSERVER.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## The image zoo").dropFirst().first)
        for variant in ZooVariants.all {
            let row = "| `\(variant.format.fileExtension)` `\(variant.name)` |"
            let exifRange = variant.format == .jpeg && variant.name.hasPrefix("exif-")
                ? "| `jpg` `exif-1` … `exif-8` |" : row
            XCTAssertTrue(section.contains(row) || section.contains(exifRange), "docs/MOCKSERVER.md has no row \(row)")
        }
    }

    func test_everyVariant_isDeterministic_orFailsTheSameWayEveryTime() {
        let picture = ZooPicture(number: 3, width: 40, height: 30)
        for variant in ZooVariants.all {
            let id = "\(variant.format.fileExtension) \(variant.name)"
            let first = Result { () throws(ZooEncodingError) in try variant.make(picture) }
            let second = Result { () throws(ZooEncodingError) in try variant.make(picture) }
            switch (first, second) {
            case (.success(let one), .success(let two)):
                XCTAssertFalse(one.isEmpty, id)
                XCTAssertEqual(one, two, "\(id): other bytes on the second run")
            case (.failure(let one), .failure(let two)):
                print("\(id): \(one.message)")  // a 501 naming why; the decoder checks fail on it
                XCTAssertEqual(one, two, id)
            default:
                XCTFail("\(id): \(first) then \(second)")
            }
        }
    }

    func test_anEncodersFailure_isA501NamingWhy() {
        let failing = ZooVariant(.gif, "static", summary: "test", advice: "shows it") { _ throws(ZooEncodingError) in
            throw ZooEncodingError("giflib is not installed")
        }
        let key = ImageKey(subject: .numbered(1), width: 8, height: 8, format: .gif, variant: "static")
        XCTAssertThrowsError(try ImageGenerator.render(failing, key)) { error in
            XCTAssertEqual(
                error as? ImageGenerationError,
                ImageGenerationError(message: "the encoder failed or is not available: giflib is not installed", status: 501))
        }
    }

    func test_jpegEncoder_refusesASizeLibjpegCannotWrite_withATypedError() {
        XCTAssertThrowsError(try ZooJPEGEncoder.encode(width: 70_000, height: 1, options: .init()) { _, _ in }) { error in
            XCTAssertTrue((error as? ZooEncodingError)?.message.contains("65500") == true, "\(error)")
        }
    }

    func test_truncatedProgressive_keepsTheFirstTwoScans_withoutAnEndMarker() throws {
        let picture = ZooPicture(number: 2, width: 64, height: 48)
        let whole = try XCTUnwrap(ZooVariants.named("progressive", of: .jpeg)).make(picture)
        let cut = try XCTUnwrap(ZooVariants.named("truncated-progressive", of: .jpeg)).make(picture)
        XCTAssertTrue(whole.starts(with: cut), "a prefix of the progressive file")
        XCTAssertLessThan(cut.count, whole.count)
        XCTAssertFalse(cut.suffix(2).elementsEqual([0xFF, 0xD9]))
        XCTAssertEqual(occurrences(of: [0xFF, 0xDA], in: cut), 2)
        XCTAssertEqual(occurrences(of: [0xFF, 0xDA], in: whole), 10)
    }

    func test_orientation_storesEveryUprightPixelOnce_withTheSidesSwappedFor5To8() {
        for value in 1...8 {
            let orientation = ZooOrientation(value: value)
            let (width, height) = orientation.storedSize(width: 3, height: 2)
            XCTAssertEqual(width == 2, value >= 5, "orientation \(value)")
            var seen = Set<[Int]>()
            for y in 0..<height {
                for x in 0..<width {
                    let point = orientation.upright(x: x, y: y, storedWidth: width, storedHeight: height)
                    XCTAssertTrue((0..<3).contains(point.x) && (0..<2).contains(point.y), "orientation \(value): \(point)")
                    seen.insert([point.x, point.y])
                }
            }
            XCTAssertEqual(seen.count, 6, "orientation \(value)")
        }
        XCTAssertEqual(ZooOrientation(value: 6).exifPayload.count, 6 + 8 + 2 + 12 + 4)
    }

    /// A turned picture's stored rows read the upright picture's columns, for a small (noisy,
    /// every row kept) picture and a large one (no noise: equal rows kept once).
    func test_turnedOrientations_storeTheUprightPixels_smallAndLarge() {
        // The large one above ImageGenerator.noiseLimit, in one orientation (the same code path).
        for (uprightWidth, uprightHeight, values) in [(37, 23, [5, 6, 7, 8]), (2_100, 2_000, [6])] {
            let picture = ZooPicture(number: 7, width: uprightWidth, height: uprightHeight)
            let upright = picture.rgb()
            for value in values {
                let orientation = ZooOrientation(value: value)
                var mismatches = 0
                orientation.withStoredRows(of: picture) { width, height, rows in
                    var row = [UInt8](repeating: 0, count: width * 3)
                    // Every row of the small one; a spread of rows of the large one (time).
                    for y in Swift.stride(from: 0, to: height, by: height > 100 ? 97 : 1) {
                        row.withUnsafeMutableBufferPointer { rows(y, $0) }
                        for x in 0..<width {
                            let point = orientation.upright(x: x, y: y, storedWidth: width, storedHeight: height)
                            let from = (point.y * uprightWidth + point.x) * 3
                            if row[(x * 3)..<(x * 3 + 3)] != upright[from..<(from + 3)] { mismatches += 1 }
                        }
                    }
                }
                XCTAssertEqual(mismatches, 0, "orientation \(value) at \(uprightWidth)×\(uprightHeight)")
            }
        }
    }

    func test_displayP3Profile_isAWellFormedICCv4Profile() {
        let profile = ZooICCProfile.displayP3
        XCTAssertEqual(ZooPNGChunks.uint32(profile, at: 0), UInt32(profile.count), "the size field")
        XCTAssertEqual(profile[8], 4, "version 4")
        XCTAssertEqual(String(decoding: profile[12..<24], as: UTF8.self), "mntrRGB XYZ ")
        XCTAssertEqual(String(decoding: profile[36..<40], as: UTF8.self), "acsp")
        let description = Array("Display P3".utf16).flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        XCTAssertEqual(occurrences(of: description, in: Data(profile)), 1, "desc in UTF-16BE")
        XCTAssertEqual(ZooICCProfile.displayP3, ZooICCProfile.displayP3, "the same bytes every time")
    }

    func test_palette_keepsThePictureClose() {
        let picture = ZooPicture(number: 4, width: 256, height: 192)
        let palette = ZooPalette(picture, entries: 256)
        XCTAssertLessThanOrEqual(palette.colors.count, 256 * 3)
        var error = 0
        picture.forEachRow { (_, row: UnsafeMutableBufferPointer<UInt8>) in
            for x in 0..<picture.width {
                let index = Int(palette.index(row[x * 3], row[x * 3 + 1], row[x * 3 + 2]))
                for channel in 0..<3 { error += abs(Int(palette.colors[index * 3 + channel]) - Int(row[x * 3 + channel])) }
            }
        }
        let mean = Double(error) / Double(picture.width * picture.height * 3)
        print("measured: palette mean absolute error \(mean)")
        XCTAssertLessThan(mean, 6)
    }

    private func occurrences(of pattern: [UInt8], in data: Data) -> Int {
        let bytes = [UInt8](data)
        guard bytes.count >= pattern.count else { return 0 }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }.count
    }
}
