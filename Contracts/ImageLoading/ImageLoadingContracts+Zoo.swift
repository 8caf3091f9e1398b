import ContractsCore
import Foundation
import ImageCache
import ImageCodec
import MockServer

// The image zoo (`/images/N.<ext>?variant=NAME`, the mock server's awkward images): what a
// phone shows, every loader shows. Each variant is asked for at 160×120 and compared with the
// zoo's upright `jpg?variant=baseline` at the same N and size (ImageLoadingContracts+ZooSupport.swift).
extension ImageLoadingContracts {
    public static let exifOrientationApplied = Contract<ImageLoadingSubject>(
        id: "image.exifOrientationApplied",
        rule: "Every zoo JPEG exif-1 … exif-8 (pixels stored turned or flipped, the EXIF orientation saying how) is delivered upright: 160×120, the \"up\" marker in the top-left corner, within a mean difference of 12 per channel of the upright baseline."
    ) { subject, server in
        await judgeZoo(subject, server, number: 41, paths: (1...8).map { zooPath(41, "jpg", "exif-\($0)") }) { image, baseline in
            uprightProblem(image, baseline: baseline)
        }
    }

    public static let decoderWarningsTolerated = Contract<ImageLoadingSubject>(
        id: "image.decoderWarningsTolerated",
        rule: "A JPEG that libjpeg decodes completely with only a warning (the zoo's extraneous-bytes: stray bytes before a marker) is delivered as the picture, within a mean difference of 12 per channel of the baseline; not brokenImage."
    ) { subject, server in
        await judgeZoo(subject, server, number: 42, paths: [zooPath(42, "jpg", "extraneous-bytes")]) { image, baseline in
            uprightProblem(image, baseline: baseline)
        }
    }

    public static let jpegVariantsDecode = Contract<ImageLoadingSubject>(
        id: "image.jpegVariantsDecode",
        rule: "Progressive, arithmetic-coded, restart-marker and gray JPEGs from the zoo are delivered as the picture: within a mean difference of 12 per channel of the baseline (the gray one: gray pixels within 12 of the baseline's luma)."
    ) { subject, server in
        let colour = ["progressive", "arithmetic", "restart-markers"].map { zooPath(43, "jpg", $0) }
        return await judgeZoo(subject, server, number: 43, paths: colour + [zooPath(43, "jpg", "gray")]) { image, baseline in
            guard image.pixels.count == baseline.pixels.count, image.width == zooWidth else {
                return uprightProblem(image, baseline: baseline)
            }
            // Only the gray variant has every pixel gray; a colour decode of the colour ones is judged as is.
            return isGray(image) ? grayProblem(image, baseline: baseline) : uprightProblem(image, baseline: baseline)
        }
    }

    public static let cmykColours = Contract<ImageLoadingSubject>(
        id: "image.cmykColours",
        rule: "The zoo's cmyk and ycck JPEGs (Adobe APP14, inverted as Photoshop writes them) are delivered as the same picture as the baseline: a mean difference of at most 40 per channel (a CMYK round trip), where the colours shown inverted differ by over 100."
    ) { subject, server in
        await judgeZoo(subject, server, number: 44, paths: ["cmyk", "ycck"].map { zooPath(44, "jpg", $0) }) { image, baseline in
            uprightProblem(image, baseline: baseline, tolerance: cmykTolerance)
        }
    }

    public static let animatedFirstFrame = Contract<ImageLoadingSubject>(
        id: "image.animatedFirstFrame",
        rule: "A GIF, an APNG and a WebP animation of 3 frames from the zoo each deliver their first frame (the picture, within a mean difference of 12 per channel of the baseline; the later frames differ by far more) with a frameCount of 3."
    ) { subject, server in
        let paths = [zooPath(45, "gif", "animated"), zooPath(45, "png", "apng"), zooPath(45, "webp", "animated")]
        return await judgeZoo(subject, server, number: 45, paths: paths) { image, baseline in
            if let problem = uprightProblem(image, baseline: baseline) {
                return problem + " (the first frame is the picture; frames 2 and 3 show it with its colour channels rotated)"
            }
            return image.frameCount == 3 ? nil : "delivered the first frame with a frameCount of \(image.frameCount), expected 3 (the frames counted from the file)"
        }
    }

    public static let modernFormats = Contract<ImageLoadingSubject>(
        id: "image.modernFormats",
        rule: "The zoo's lossy and lossless WebP, AVIF and HEIC stills are delivered as the picture, within a mean difference of 12 per channel of the baseline."
    ) { subject, server in
        let paths = [zooPath(46, "webp", "lossy"), zooPath(46, "webp", "lossless"), zooPath(46, "avif", "still"), zooPath(46, "heic", "still")]
        return await judgeZoo(subject, server, number: 46, paths: paths) { image, baseline in
            uprightProblem(image, baseline: baseline)
        }
    }

    /// Whether every pixel of `image` is gray: R, G and B within 2 of each other.
    static func isGray(_ image: DecodedImage) -> Bool {
        let pixels = image.pixels
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let red = Int(pixels[offset])
            let green = Int(pixels[offset + 1])
            let blue = Int(pixels[offset + 2])
            if abs(red - green) > 2 || abs(green - blue) > 2 { return false }
        }
        return true
    }

    /// What is wrong with a gray `image` as the baseline's picture: the mean difference between
    /// its gray level and the baseline's ITU-R 601 luma over 12.
    static func grayProblem(_ image: DecodedImage, baseline: DecodedImage) -> String? {
        var total = 0.0
        for pixel in 0..<(image.width * image.height) {
            let offset = pixel * 4
            let red: Double = 0.299 * Double(baseline.pixels[offset])
            let green: Double = 0.587 * Double(baseline.pixels[offset + 1])
            let blue: Double = 0.114 * Double(baseline.pixels[offset + 2])
            let luma = red + green + blue
            total += abs(Double(image.pixels[offset]) - luma)
        }
        let difference = total / Double(image.width * image.height)
        return difference <= samePictureTolerance
            ? nil
            : "delivered gray pixels that differ from the baseline's luma by \(format(difference)) on average, expected at most \(format(samePictureTolerance))"
    }
}
