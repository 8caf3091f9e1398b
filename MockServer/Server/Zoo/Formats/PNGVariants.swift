import Foundation

/// The zoo's PNG variants, `/images/N.png?variant=NAME`, made through libpng (the server's
/// `CServerPNG` shim, ``ZooPNGEncoder``); the APNG chunks and the hostile files are assembled
/// around its output (``ZooPNGChunks``, ``ZooPNGFiles``).
enum PNGVariants {
    private typealias Options = ZooPNGEncoder.Options

    /// The PNG variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        variant("interlaced", "8-bit RGB, Adam7 interlaced", ZooAdvice.shows, Options(interlaced: true), layout: .rgb),
        variant("16bit", "16-bit RGB (each sample's byte repeated)", ZooAdvice.shows, Options(bitDepth: 16), layout: .rgb16),
        ZooVariant(.png, "palette", summary: "8-bit palette (PLTE, 256 entries by median cut)", advice: ZooAdvice.shows) {
            picture throws(ZooEncodingError) in
            try ZooPNGFiles.palette(picture, transparent: false)
        },
        ZooVariant(
            .png, "palette-trns", summary: "8-bit palette whose entry 0 is transparent (tRNS) where the alpha is below half",
            advice: "shows it with the right part see-through"
        ) { picture throws(ZooEncodingError) in
            try ZooPNGFiles.palette(picture, transparent: true)
        },
        variant("gray", "8-bit gray (ITU-R 601 luma)", "shows it in gray", Options(colorType: .gray), layout: .gray),
        variant(
            "gray-alpha", "8-bit gray with alpha fading to a quarter at the right edge", "shows it in gray, fading to the right",
            Options(colorType: .grayAlpha), layout: .grayAlpha),
        variant(
            "rgba", "8-bit RGBA, alpha fading to a quarter at the right edge", "shows it fading to the right",
            Options(colorType: .rgba), layout: .rgba),
        variant(
            "icc", "8-bit RGB with a Display P3 ICC v4 profile (iCCP): more saturated when colour-managed", "shows it colour-managed",
            Options(icc: (ZooICCProfile.displayP3, "Display P3")), layout: .rgb),
        ZooVariant(
            .png, "apng", summary: "APNG: 3 frames (500, 250, 1000 ms), looping forever, frame 1 is the PNG's image",
            advice: ZooAdvice.firstFrameOrAnimates
        ) { picture throws(ZooEncodingError) in
            try ZooPNGFiles.animated(picture, delays: [(50, 100), (25, 100), (100, 100)])
        },
        ZooVariant(
            .png, "huge-text-chunk", summary: "57 bytes: IHDR, then a tEXt chunk declaring 1 GiB, then the end of the file",
            advice: ZooAdvice.boundedMemory
        ) { picture throws(ZooEncodingError) in
            ZooPNGFiles.hugeTextChunk(picture)
        },
        ZooVariant(
            .png, "bad-crc", summary: "8-bit RGB whose first IDAT chunk has a wrong CRC",
            advice: "refuses it as corrupt (or ignores the CRC); never crashes"
        ) { picture throws(ZooEncodingError) in
            try ZooPNGFiles.badCRC(picture)
        },
        ZooVariant(
            .png, "bomb", summary: "a 64×48 RGB PNG whose IHDR claims 100,000 × 100,000 (CRC fixed up)", advice: ZooAdvice.tooLarge
        ) { picture throws(ZooEncodingError) in
            try ZooPNGFiles.bomb(picture)
        },
    ]

    /// A variant that draws every row of the picture in `layout` with `options`.
    private static func variant(
        _ name: String, _ summary: String, _ advice: String, _ options: Options, layout: ZooPNGFiles.Layout
    ) -> ZooVariant {
        ZooVariant(.png, name, summary: summary, advice: advice) { picture throws(ZooEncodingError) in
            try ZooPNGFiles.encode(picture, options, layout: layout)
        }
    }
}
