import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `GET /images/N.<ext>?variant=NAME`: routing, refusals, caching, faults and the bombs.
final class ImageZooRouteTests: ServerTestCase {
    func test_withoutVariant_pngAndJPEG_areTheBytesServedBeforeTheZoo() {
        // FNV-1a of the bytes the server sent before the zoo existed (main at 3fde3e7), same sizes.
        let golden: [(path: String, count: Int, hash: UInt64)] = [
            ("/images/1.png?w=64&h=48", 4_434, 0x5141_d95f_b0b0_8862),
            ("/images/2.jpg?w=64&h=48", 1_161, 0x4710_8635_6692_f783),
            ("/images/3.png", 1_117_116, 0x1010_2792_2759_f1d9),
            ("/images/4.jpg", 75_692, 0x8bb3_56dc_c911_ad86),
        ]
        for (path, count, hash) in golden {
            let response = get(path, timeout: 30)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.body.count, count, path)
            XCTAssertEqual(fnv1a(response.body), hash, path)
        }
    }

    func test_variant_isServedAsItsFormat_byItsEncoder() {
        let progressive = get("/images/1.jpg?variant=progressive&w=64&h=48")
        XCTAssertEqual(progressive.status, 200)
        XCTAssertEqual(progressive.headers["content-type"], "image/jpeg")
        XCTAssertTrue(progressive.body.starts(with: [0xFF, 0xD8]))
        XCTAssertTrue(progressive.body.range(of: Data([0xFF, 0xC2])) != nil, "a progressive frame header (SOF2)")

        let palette = get("/images/1.png?variant=palette&w=64&h=48")
        XCTAssertEqual(palette.headers["content-type"], "image/png")
        XCTAssertEqual(palette.body[palette.body.startIndex + 25], 3, "IHDR colour type 3 (palette)")
    }

    func test_unknownVariant_is400_listingTheValidOnesOfThatExtension() {
        let jpeg = get("/images/1.jpg?variant=sideways")
        XCTAssertEqual(jpeg.status, 400)
        XCTAssertEqual(jpeg.json?["parameter"] as? String, "variant")
        XCTAssertEqual(jpeg.json?["valid"] as? String, ZooVariants.of(.jpeg).map(\.name).joined(separator: ", "))
        XCTAssertTrue((jpeg.json?["error"] as? String)?.contains("sideways") == true, "\(jpeg.json ?? [:])")

        let png = get("/images/1.png?variant=exif-6")
        XCTAssertEqual(png.status, 400)
        XCTAssertTrue((png.json?["valid"] as? String)?.contains("apng") == true, "\(png.json ?? [:])")
    }

    func test_zooOnlyFormats_withoutAVariant_are400_sayingWhatIsServed() {
        for format in [ImageFileFormat.gif, .webp, .avif, .heic] {
            let response = get("/images/1.\(format.fileExtension)")
            XCTAssertEqual(response.status, 400, "\(format)")
            let names = ZooVariants.of(format).map(\.name)
            let error = response.json?["error"] as? String ?? ""
            if names.isEmpty {
                XCTAssertTrue(error.contains("no \(format.fileExtension) variants are served yet"), error)
            } else {
                XCTAssertEqual(response.json?["valid"] as? String, names.joined(separator: ", "))
            }
        }
    }

    func test_sizeLimits_areTheSameForVariants() {
        XCTAssertEqual(get("/images/1.jpg?variant=gray&w=20001").json?["parameter"] as? String, "w")
        XCTAssertEqual(get("/images/1.png?variant=rgba&h=0").status, 400)
        XCTAssertEqual(get("/images/1.png?variant=rgba&w=3&h=2").status, 200)
    }

    func test_variant_isCachedLikeThePlainImages() {
        let key = ImageKey(subject: .numbered(9), width: 64, height: 48, format: .jpeg, variant: "cmyk")
        XCTAssertNil(server.core.images.cached(key))
        let first = get("/images/9.jpg?variant=cmyk&w=64&h=48")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(server.core.images.cached(key)?.count, first.body.count, "kept after the first request")
        XCTAssertNil(server.core.images.cached(ImageKey(subject: .numbered(9), width: 64, height: 48, format: .jpeg)))
        XCTAssertEqual(get("/images/9.jpg?variant=cmyk&w=64&h=48").body, first.body)
    }

    func test_faults_applyToVariants_typeServesTheFileUnderAnotherType() {
        let mistyped = get("/images/1.png?variant=palette&w=64&h=48&type=image/jpeg")
        XCTAssertEqual(mistyped.status, 200)
        XCTAssertEqual(mistyped.headers["content-type"], "image/jpeg")
        XCTAssertTrue(mistyped.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "still the PNG")
        XCTAssertEqual(get("/images/1.jpg?variant=exif-6&w=64&h=48&status=503").status, 503)
        let cut = get("/images/1.png?variant=apng&w=64&h=48&bytes=100")
        XCTAssertEqual(cut.body.count, 100)
    }

    func test_bombs_declareHugeSizes_inSmallFiles_madeWithoutAllocatingThem() {
        let jpeg = get("/images/1.jpg?variant=bomb", timeout: 5)
        XCTAssertEqual(jpeg.status, 200)
        XCTAssertLessThan(jpeg.body.count, 16 * 1024)
        let jpegBytes = [UInt8](jpeg.body)
        let frame = jpegBytes.indices.dropLast(9).first { jpegBytes[$0] == 0xFF && jpegBytes[$0 + 1] == 0xC0 }
        XCTAssertNotNil(frame)
        if let frame {
            XCTAssertEqual(Int(jpegBytes[frame + 5]) << 8 | Int(jpegBytes[frame + 6]), 65_500, "height")
            XCTAssertEqual(Int(jpegBytes[frame + 7]) << 8 | Int(jpegBytes[frame + 8]), 65_500, "width")
        }

        let png = get("/images/1.png?variant=bomb", timeout: 5)
        XCTAssertEqual(png.status, 200)
        XCTAssertLessThan(png.body.count, 16 * 1024)
        let header = [UInt8](png.body.dropFirst(8).prefix(25))
        XCTAssertEqual(String(decoding: header[4..<8], as: UTF8.self), "IHDR")
        XCTAssertEqual(ZooPNGChunks.uint32(header, at: 8), 100_000, "width")
        XCTAssertEqual(ZooPNGChunks.uint32(header, at: 12), 100_000, "height")
        XCTAssertEqual(ZooPNGChunks.uint32(header, at: 21), ZooPNGEncoder.crc32(header[4..<21]), "the CRC is fixed up")
        // The renderer drew only the 64×48 payload: the small lane was used, never the large one.
        XCTAssertEqual(ImageStore.lane(for: ImageKey(subject: .numbered(1), width: 1024, height: 768, format: .png, variant: "bomb")), .small)
    }

    func test_zooGallery_pagesThroughEveryVariant_sixAPage() throws {
        var seen: [String] = []
        var titles: [String] = []
        for page in 1...Gallery.zooPages {
            let list = try XCTUnwrap(get("/gallery.json?scenario=zoo&page=\(page)").json)
            let images = try XCTUnwrap(list["images"] as? [String])
            XCTAssertEqual(images.count, page < Gallery.zooPages ? 6 : ZooVariants.all.count - 6 * (page - 1), "page \(page)")
            XCTAssertEqual(list["page"] as? Int, page)
            XCTAssertEqual(list["pages"] as? Int, Gallery.zooPages)
            let captions = try XCTUnwrap(list["captions"] as? [[String: String]])
            XCTAssertEqual(captions.count, images.count, "one caption per image")
            titles += captions.map { "\($0["title"] ?? "") / \($0["advice"] ?? "")" }
            seen += images
        }
        XCTAssertEqual(titles, ZooVariants.all.map { "\($0.format.fileExtension) \($0.name) / \($0.advice)" })
        let expected = ZooVariants.all.enumerated().map { server.url($0.element.path(number: $0.offset + 1)).absoluteString }
        XCTAssertEqual(seen, expected)
        XCTAssertEqual(get("/gallery.json?scenario=zoo&page=\(Gallery.zooPages + 1)").json?["images"] as? [String], [])
        XCTAssertEqual(get("/gallery.json?scenario=zoo").json?["images"] as? [String], Array(expected.prefix(6)))
        XCTAssertEqual(get("/gallery.json?scenario=zoo&page=0").status, 400)
    }

    func test_catalog_listsEveryVariantWithItsAdvice() throws {
        let catalog = get("/__admin/catalog")
        let rows = try XCTUnwrap(catalog.json?["zoo"] as? [[String: String]])
        XCTAssertEqual(rows.map { "\($0["format"] ?? "") \($0["variant"] ?? "")" }, ZooVariants.all.map { "\($0.format.fileExtension) \($0.name)" })
        XCTAssertTrue(rows.allSatisfy { !($0["advice"] ?? "").isEmpty && ($0["example"] ?? "").contains("?variant=") })
        XCTAssertEqual(ImageZoo.textTable.split(separator: "\n").count, ZooVariants.all.count)
        XCTAssertTrue(ImageZoo.textTable.contains("exif-6"))
    }

    private func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
