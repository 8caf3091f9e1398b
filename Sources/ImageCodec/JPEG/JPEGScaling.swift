internal import CTurboJPEG

/// The size TurboJPEG decodes a JPEG at for a target size: libjpeg scales while decoding, by
/// the factors `tjGetScalingFactors` lists (in eighths: 1/8, 1/4, 3/8, … 1), at a fraction of
/// the full decode's time and memory.
enum JPEGScaling {
    /// The factors at or below 1 that this libjpeg-turbo offers, smallest first; `[1/1]` if it
    /// lists none.
    static let factors: [tjscalingfactor] = {
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count), count > 0 else { return [tjscalingfactor(num: 1, denom: 1)] }
        let downscales = UnsafeBufferPointer(start: list, count: Int(count)).filter { $0.num > 0 && $0.num <= $0.denom }
        let sorted = downscales.sorted { $0.num * $1.denom < $1.num * $0.denom }
        return sorted.isEmpty ? [tjscalingfactor(num: 1, denom: 1)] : sorted
    }()

    /// The smallest size a `width` × `height` JPEG decodes at that still covers `target` on both
    /// sides (its aspect ratio kept; never upscaled): the smallest factor whose scaled size does,
    /// or the full size.
    static func decodedSize(width: Int, height: Int, covering target: PixelSize) -> PixelSize {
        for factor in factors {
            let scaled = PixelSize(width: scaled(width, by: factor), height: scaled(height, by: factor))
            if scaled.width >= min(target.width, width), scaled.height >= min(target.height, height) { return scaled }
        }
        return PixelSize(width: width, height: height)
    }

    /// `TJSCALED`, a macro Swift cannot import: `ceil(dimension × num / denom)`.
    static func scaled(_ dimension: Int, by factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
