import Dispatch
import Foundation
import Synchronization
import XCTest

@testable import MockServer

/// The render lanes run several encoders at once: the GIF, WebP, AVIF and HEIC variants give the
/// same bytes on parallel threads as one at a time.
final class ZooCodecConcurrencyTests: XCTestCase {
    func test_variants_encodedInParallel_matchTheSerialBytes() throws {
        let variants = [ImageFileFormat.gif, .webp, .avif, .heic].flatMap { ZooVariants.of($0) }
        XCTAssertEqual(variants.count, 16)
        let picture = ZooPicture(number: 3, width: 96, height: 64)
        let serial = try variants.map { try $0.make(picture) }
        let parallel = Mutex([Int: Data]())
        DispatchQueue.concurrentPerform(iterations: variants.count * 2) { index in
            let data = try? variants[index % variants.count].make(picture)
            parallel.withLock { $0[index] = data }
        }
        for index in 0..<(variants.count * 2) {
            let variant = variants[index % variants.count]
            XCTAssertEqual(parallel.withLock { $0[index] }, serial[index % variants.count], "\(variant.format) \(variant.name)")
        }
    }
}
