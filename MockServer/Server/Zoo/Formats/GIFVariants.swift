/// The zoo's GIF variants, `/images/N.gif?variant=NAME`, made by giflib (``GIFEncoder``, through
/// the server's `CServerGIF` shim): `static`, `animated` (frames, delays, loop count),
/// `interlaced`, `transparent`, and `bomb` (65,500 × 65,500 in its 16-bit size fields).
///
/// Each entry is a ``ZooVariant`` of `.gif` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum GIFVariants {
    /// Frames of the `animated` variant, and how long each shows (hundredths of a second).
    static let animation = (frames: 3, delay: 50)

    /// The GIF variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        ZooVariant(
            .gif, "static", summary: "one frame, a 256-colour palette (giflib)", advice: ZooAdvice.shows
        ) { picture throws(ZooEncodingError) in
            try GIFEncoder.encode([.init(pixels: picture.pixels(), delay: 0)])
        },
        ZooVariant(
            .gif, "animated",
            summary: "\(animation.frames) frames, \(animation.delay * 10) ms each, NETSCAPE2.0 loop forever",
            advice: ZooAdvice.firstFrameOrAnimates
        ) { picture throws(ZooEncodingError) in
            let frames = try picture.framePixels(animation.frames).map { GIFEncoder.Frame(pixels: $0, delay: animation.delay) }
            return try GIFEncoder.encode(frames, options: .init(loopCount: 0))
        },
        ZooVariant(
            .gif, "interlaced", summary: "rows in GIF's four interlace passes", advice: ZooAdvice.shows
        ) { picture throws(ZooEncodingError) in
            try GIFEncoder.encode([.init(pixels: picture.pixels(), delay: 0)], options: .init(interlaced: true))
        },
        ZooVariant(
            .gif, "transparent", summary: "a transparent palette index where the picture's alpha is below half",
            advice: "shows it, the background through the clear part"
        ) { picture throws(ZooEncodingError) in
            try GIFEncoder.encode([.init(pixels: picture.pixels(alpha: true), delay: 0)], options: .init(transparent: true))
        },
        ZooVariant(
            .gif, "bomb", summary: "a 65,500 × 65,500 logical screen around a small image", advice: ZooAdvice.tooLarge
        ) { picture throws(ZooEncodingError) in
            try GIFEncoder.encode([.init(pixels: picture.bombPayload.pixels(), delay: 0)], options: .init(screen: (65_500, 65_500)))
        },
    ]
}
