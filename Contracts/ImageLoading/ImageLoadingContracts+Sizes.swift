import Foundation
import ImageCache
import ImageCodec
import MockServer

// Sizes and memory: a cell asks for the size it shows, and holds no more pixels than that.
extension ImageLoadingContracts {
    public static let decodesAtTargetSize = Contract<ImageLoadingSubject>.inTemporaryFolder(
        id: "image.decodesAtTargetSize",
        rule: "A load with a 370×370 target size decodes a 3200×2400 JPEG and a 3000×2000 PNG at a size covering the target (each side at least 370, the aspect ratio kept) at most twice over (the shorter side at most 740, so at most 3.3 MB of pixels where the full images take 31 MB and 24 MB); a full-size load of the same URL then gives the full size."
    ) { subject, server, folder in
        let target = PixelSize(side: 370)
        let images = [(path: "/images/22.jpg?w=3200&h=2400", width: 3200, height: 2400), (path: "/images/23.png?w=3000&h=2000", width: 3000, height: 2000)]
        // Rendered first, so the loads below wait for no rendering.
        for image in images { await warm(server, image.path) }
        let loader = await subject.makeLoader(folder, relaxed)
        for image in images {
            let url = server.url(image.path)
            let sized = await load(loader, url, options: ImageLoadOptions(targetSize: target))
            guard case .success(let loaded, _) = sized else {
                return "\(image.path) with a target size of \(target): " + sized.observed(expecting: "the image")
            }
            if let problem = sizeProblem(loaded.image, source: (image.width, image.height), target: target) {
                return "\(image.path) (\(image.width)×\(image.height)) loaded for a target size of \(target): \(problem)"
            }
            let full = await load(loader, url)
            guard case .success(let fullLoad, _) = full else {
                return "\(image.path) at full size, after a load at \(target): " + full.observed(expecting: "the image")
            }
            guard fullLoad.image.width == image.width, fullLoad.image.height == image.height else {
                return "\(image.path) at full size, after a load at \(target), was delivered at \(fullLoad.image.width)×\(fullLoad.image.height) from \(fullLoad.source), expected \(image.width)×\(image.height): each size of a URL is its own decoded image (keep the target size in the memory cache's key)"
            }
        }
        return nil
    }

    /// What is wrong with `image`, decoded from a `source`-sized image for `target`: a side
    /// below the target's, a changed aspect ratio, or more than twice the target on the side
    /// that limits the scale. `nil` when it is right.
    static func sizeProblem(_ image: DecodedImage, source: (width: Int, height: Int), target: PixelSize) -> String? {
        let fullCost = source.width * source.height * 4
        let decoded = "decoded at \(image.width)×\(image.height) (\(megabytes(image.cost)) of pixels; the full image is \(megabytes(fullCost)))"
        if image.width == source.width, image.height == source.height {
            return "\(decoded): the target size was not used, expected the smallest size covering \(target) (decode at the target size: TurboJPEG's scaled decode for a JPEG, one resize after decoding a PNG)"
        }
        if image.width < target.width || image.height < target.height {
            return "\(decoded), smaller than the \(target) it must cover"
        }
        // Rounding moves a side by at most one pixel.
        if abs(image.width * source.height - image.height * source.width) > max(source.width, source.height) {
            return "\(decoded): the aspect ratio of \(source.width)×\(source.height) was not kept"
        }
        let limiting = min(Double(image.width) / Double(target.width), Double(image.height) / Double(target.height))
        if limiting > 2 {
            return "\(decoded), more than twice the \(target) it must cover on its limiting side: pick the smallest scale that still covers the target"
        }
        return nil
    }

    /// "1.9 MB".
    private static func megabytes(_ bytes: Int) -> String {
        (Double(bytes) / 1_000_000).formatted(.number.precision(.fractionLength(1))) + " MB"
    }
}
