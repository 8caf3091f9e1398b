/// The zoo's WebP variants, `/images/N.webp?variant=NAME`, made by libwebp with its mux/anim
/// encoder (``WebPEncoder``, through the server's `CServerWebP` shim): `lossy`, `lossless`,
/// `alpha`, `animated`, and `bomb` (100,000 × 100,000 in the VP8X canvas).
///
/// Each entry is a ``ZooVariant`` of `.webp` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum WebPVariants {
    /// Lossy quality (0...100) of the lossy, alpha, animated and bomb files.
    static let quality: Float = 80
    /// Frames of the `animated` variant, and how long each shows (milliseconds).
    static let animation = (frames: 3, delay: 500)

    /// The WebP variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        ZooVariant(.webp, "lossy", summary: "VP8, the simple format", advice: ZooAdvice.shows) { picture throws(ZooEncodingError) in
            try WebPEncoder.checkSize(width: picture.width, height: picture.height)
            return try WebPEncoder.encode(picture.pixels(), compression: .lossy(quality: quality))
        },
        ZooVariant(.webp, "lossless", summary: "VP8L", advice: ZooAdvice.shows) { picture throws(ZooEncodingError) in
            try WebPEncoder.checkSize(width: picture.width, height: picture.height)
            return try WebPEncoder.encode(picture.pixels(), compression: .lossless)
        },
        ZooVariant(
            .webp, "alpha", summary: "VP8X with an ALPH chunk: lossy colour, lossless alpha",
            advice: "shows it, the background through the clear part"
        ) { picture throws(ZooEncodingError) in
            try WebPEncoder.checkSize(width: picture.width, height: picture.height)
            return try WebPEncoder.encode(picture.pixels(alpha: true), compression: .lossy(quality: quality))
        },
        ZooVariant(
            .webp, "animated",
            summary: "ANIM and \(animation.frames) ANMF frames, \(animation.delay) ms each, loop forever",
            advice: ZooAdvice.firstFrameOrAnimates
        ) { picture throws(ZooEncodingError) in
            try WebPEncoder.checkSize(width: picture.width, height: picture.height)
            return try WebPEncoder.encodeAnimation(
                picture.framePixels(animation.frames), delay: animation.delay, loopCount: 0, compression: .lossy(quality: quality))
        },
        ZooVariant(
            .webp, "bomb", summary: "an animation whose VP8X canvas is 100,000 × 100,000 around small frames",
            advice: ZooAdvice.tooLarge
        ) { picture throws(ZooEncodingError) in
            // An animation, because only there may the frames be smaller than the canvas; libwebpmux
            // refuses to set a canvas over 2^32 pixels, so the VP8X fields are rewritten afterwards.
            let small = try WebPEncoder.encodeAnimation(
                picture.bombPayload.framePixels(2), delay: animation.delay, loopCount: 0, compression: .lossy(quality: quality))
            return try DeclaredSize.webp(small, width: 100_000, height: 100_000)
        },
    ]
}
