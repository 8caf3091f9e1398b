import Foundation

/// The zoo's JPEG variants, `/images/N.jpg?variant=NAME`, made through libjpeg's own API (the
/// server's `CServerJPEG` shim, ``ZooJPEGEncoder``), at quality 85; the hostile ones are edited
/// at the marker level afterwards (``ZooJPEGSurgery``).
enum JPEGVariants {
    /// The JPEG variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        // The zoo's reference picture: every other variant is compared with it, marker included.
        plain("baseline", "baseline (sequential Huffman) YCbCr 4:2:0, JFIF, quality 85: the plain jpg (no variant=) "
              + "with the up marker drawn in, the same settings and pixels elsewhere", ZooAdvice.shows, ZooJPEGEncoder.Options()),
        plain("progressive", "progressive: libjpeg's default script of 10 scans", ZooAdvice.shows,
              ZooJPEGEncoder.Options(progressive: true)),
        plain("arithmetic", "arithmetic-coded instead of Huffman (SOF9)", "shows it, or refuses it cleanly",
              ZooJPEGEncoder.Options(arithmetic: true)),
        plain("restart-markers", "a restart marker (RSTn) after every row of MCUs", ZooAdvice.shows,
              ZooJPEGEncoder.Options(restartRows: 1)),
        ZooVariant(.jpeg, "gray", summary: "one gray component (ITU-R 601 luma)", advice: "shows it in gray") { picture throws(ZooEncodingError) in
            try encode(picture, ZooJPEGEncoder.Options(color: .gray), convert: ZooColor.gray)
        },
        ZooVariant(.jpeg, "cmyk", summary: "CMYK with an Adobe APP14 marker, inverted as Photoshop writes it",
                   advice: "shows it in the right colours (Adobe-inverted CMYK)") { picture throws(ZooEncodingError) in
            try encode(picture, ZooJPEGEncoder.Options(color: .cmyk, jfif: false), convert: ZooColor.invertedCMYK)
        },
        ZooVariant(.jpeg, "ycck", summary: "YCCK (Adobe APP14 transform 2) from Photoshop-inverted CMYK",
                   advice: "shows it in the right colours (Adobe-inverted CMYK)") { picture throws(ZooEncodingError) in
            try encode(picture, ZooJPEGEncoder.Options(color: .ycck, jfif: false), convert: ZooColor.invertedCMYK)
        },
    ] + (1...8).map(exif) + [
        plain("icc-p3", "a Display P3 ICC v4 profile (APP2), the pixels unchanged: more saturated when colour-managed",
              "shows it colour-managed",
              ZooJPEGEncoder.Options(icc: ZooICCProfile.displayP3)),
        ZooVariant(.jpeg, "extraneous-bytes", summary: "4 stray bytes between two header segments, before the SOF marker",
                   advice: ZooAdvice.warnsOnly) { picture throws(ZooEncodingError) in
            try ZooJPEGSurgery.insertingBeforeFrameHeader(
                try encode(picture, ZooJPEGEncoder.Options()), stray: [0x00, 0x5A, 0x6F, 0x6F])
        },
        ZooVariant(.jpeg, "truncated-progressive", summary: "progressive, cut after its first 2 of 10 scans (no end marker)",
                   advice: ZooAdvice.preview) { picture throws(ZooEncodingError) in
            try ZooJPEGSurgery.keepingScans(try encode(picture, ZooJPEGEncoder.Options(progressive: true)), 2)
        },
        ZooVariant(.jpeg, "bomb", summary: "a 64×48 baseline JPEG whose SOF claims 65,500 × 65,500",
                   advice: ZooAdvice.tooLarge) { picture throws(ZooEncodingError) in
            try ZooJPEGSurgery.claimingSize(
                try encode(picture.resized(width: 64, height: 48), ZooJPEGEncoder.Options()), width: 65_500, height: 65_500)
        },
    ]

    /// A variant that differs from `baseline` only in its options.
    private static func plain(_ name: String, _ summary: String, _ advice: String, _ options: ZooJPEGEncoder.Options) -> ZooVariant {
        ZooVariant(.jpeg, name, summary: summary, advice: advice) { picture throws(ZooEncodingError) in
            try encode(picture, options)
        }
    }

    /// `exif-N`: an EXIF APP1 with orientation N and the pixels stored turned or flipped to match.
    private static func exif(_ value: Int) -> ZooVariant {
        let orientation = ZooOrientation(value: value)
        let summary = value == 1
            ? "EXIF orientation 1 (upright), pixels stored upright"
            : "EXIF orientation \(value), pixels stored \(orientation.swapsSides ? "turned" : "flipped or turned") to match"
        return ZooVariant(.jpeg, "exif-\(value)", summary: summary, advice: ZooAdvice.upright) { picture throws(ZooEncodingError) in
            try orientation.withStoredRows(of: picture) { (width, height, rows) throws(ZooEncodingError) in
                try ZooJPEGEncoder.encode(
                    width: width, height: height, options: ZooJPEGEncoder.Options(jfif: false, app1: orientation.exifPayload), rows: rows)
            }
        }
    }

    /// Encodes the upright picture with `options`, each RGB row converted by `convert` (RGB to the
    /// row's colour model, `components` bytes a pixel) unless the rows are RGB.
    private static func encode(
        _ picture: ZooPicture, _ options: ZooJPEGEncoder.Options,
        convert: ((_ rgb: UnsafeBufferPointer<UInt8>, _ into: UnsafeMutableBufferPointer<UInt8>) -> Void)? = nil
    ) throws(ZooEncodingError) -> Data {
        let drawer = picture.rows()
        guard let convert else {
            return try ZooJPEGEncoder.encode(width: picture.width, height: picture.height, options: options) { y, row in
                drawer.fill(row: y, into: row)
            }
        }
        var rgb = [UInt8](repeating: 0, count: picture.width * 3)
        return try ZooJPEGEncoder.encode(width: picture.width, height: picture.height, options: options) { y, row in
            rgb.withUnsafeMutableBufferPointer { drawer.fill(row: y, into: $0) }
            rgb.withUnsafeBufferPointer { convert($0, row) }
        }
    }
}
