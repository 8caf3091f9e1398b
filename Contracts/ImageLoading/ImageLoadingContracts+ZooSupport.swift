import ContractsCore
import Foundation
import ImageCache
import ImageCodec
import MockServer

/// How the zoo rules compare pixels: the size they ask for, the tolerances they state, and what
/// they say about a picture that is not the zoo's upright picture.
extension ImageLoadingContracts {
    /// The upright size every zoo rule asks for (`w=160&h=120`): the "up" marker is then a
    /// 40×15 white block in the top-left corner.
    static let zooWidth = 160
    static let zooHeight = 120

    /// The largest mean absolute difference per channel (0–255) between a variant and
    /// `jpg?variant=baseline` at the same `N` and size for the two to be the same picture: 12,
    /// as the zoo's own Pillow checks allow (lossy re-encoding, chroma subsampling of turned
    /// pixels, a 256-colour palette). A picture turned, flipped or from another frame differs by 40 or more.
    static let samePictureTolerance = 12.0
    /// The same for CMYK and YCCK read as Adobe-inverted CMYK (a colour model round trip): 40.
    /// The picture with its colours inverted (Adobe's inversion ignored) differs by over 100.
    static let cmykTolerance = 40.0

    /// `/images/N.<ext>?variant=NAME&w=160&h=120`.
    static func zooPath(_ number: Int, _ ext: String, _ variant: String) -> String {
        "/images/\(number).\(ext)?variant=\(variant)&w=\(zooWidth)&h=\(zooHeight)"
    }

    /// Loads the variants at `paths` (rendered on the server first) and the baseline JPEG of
    /// `number` with one fresh loader, and hands each delivered image to `judge` with the
    /// baseline: `nil` when every variant passes, else the first problem, naming the variant.
    static func judgeZoo(
        _ subject: ImageLoadingSubject, _ server: MockServer, number: Int, paths: [String],
        _ judge: @escaping @Sendable (_ image: DecodedImage, _ baseline: DecodedImage) -> String?
    ) async -> String? {
        let baselinePath = zooPath(number, "jpg", "baseline")
        for path in [baselinePath] + paths { await warm(server, path) }
        return await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, relaxed)
            let reference = await load(loader, server.url(baselinePath))
            guard case .success(let baseline, _) = reference else {
                return "the upright baseline \(baselinePath): " + reference.observed(expecting: "the image")
            }
            for path in paths {
                let outcome = await load(loader, server.url(path))
                guard case .success(let loaded, _) = outcome else { return "\(path): " + outcome.observed(expecting: "the image") }
                if let problem = judge(loaded.image, baseline.image) { return "\(path): \(problem)" }
            }
            return nil
        }
    }

    /// What is wrong with `image` as the zoo's upright 160×120 picture whose baseline is
    /// `baseline`: its size, a missing "up" marker (the white top-left block, judged inside a
    /// 2-pixel margin: every channel's mean at least 200), or a mean difference over `tolerance`.
    static func uprightProblem(_ image: DecodedImage, baseline: DecodedImage, tolerance: Double = samePictureTolerance) -> String? {
        guard image.width == zooWidth, image.height == zooHeight else {
            let turned = image.width == zooHeight && image.height == zooWidth
            return "delivered \(image.width)×\(image.height), expected the upright \(zooWidth)×\(zooHeight)"
                + (turned ? " (the sides are swapped: the EXIF orientation was not applied)" : "")
        }
        let marker = meanColour(image, x: 2..<(zooWidth / 4 - 2), y: 2..<(zooHeight / 8 - 2))
        if marker.contains(where: { $0 < 200 }) {
            return "the \"up\" marker (a white block in the top-left corner) is not there: that corner's mean colour is \(describe(marker)), expected white: the picture is turned or flipped, or its colours are wrong"
        }
        let difference = meanDifference(image, baseline)
        guard difference <= tolerance else {
            return "differs from the upright baseline by \(format(difference)) per channel on average, expected at most \(format(tolerance)): not the same picture"
        }
        return nil
    }

    /// The mean of each of R, G, B over the block `x` × `y`.
    static func meanColour(_ image: DecodedImage, x: Range<Int>, y: Range<Int>) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for row in y {
            for column in x {
                let offset = (row * image.width + column) * 4
                for channel in 0..<3 { sums[channel] += Double(image.pixels[offset + channel]) }
            }
        }
        let count = Double(max(1, x.count * y.count))
        return sums.map { $0 / count }
    }

    /// The mean absolute difference per R, G, B channel between two images of one size
    /// (`.infinity` when the sizes differ).
    static func meanDifference(_ first: DecodedImage, _ second: DecodedImage) -> Double {
        guard first.width == second.width, first.height == second.height else { return .infinity }
        var total = 0
        for pixel in 0..<(first.width * first.height) {
            for channel in 0..<3 {
                total += abs(Int(first.pixels[pixel * 4 + channel]) - Int(second.pixels[pixel * 4 + channel]))
            }
        }
        return Double(total) / Double(first.width * first.height * 3)
    }

    /// "(255, 255, 254)".
    static func describe(_ colour: [Double]) -> String {
        "(" + colour.map { String(Int($0.rounded())) }.joined(separator: ", ") + ")"
    }

    /// One decimal: "12.3".
    static func format(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(1)))
    }
}
