/// Row conversions from the picture's RGB to the colour models of the zoo's variants.
enum ZooColor {
    /// ITU-R 601 luma, as `Image.convert("L")` computes it: one byte a pixel.
    static func gray(_ rgb: UnsafeBufferPointer<UInt8>, into row: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<rgb.count / 3 {
            row[x] = luma(rgb[x * 3], rgb[x * 3 + 1], rgb[x * 3 + 2])
        }
    }

    /// One pixel's luma.
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let red: Int = Int(r) * 299
        let green: Int = Int(g) * 587
        let blue: Int = Int(b) * 114
        return UInt8((red + green + blue + 500) / 1_000)
    }

    /// CMYK as Photoshop stores it in a JPEG with an Adobe marker: inverted (255 is no ink), four
    /// bytes a pixel. K' is the brightest channel and C'M'Y' the channels scaled by it, so that
    /// the usual reading, R = C'·K'/255, gives the RGB back.
    static func invertedCMYK(_ rgb: UnsafeBufferPointer<UInt8>, into row: UnsafeMutableBufferPointer<UInt8>) {
        for x in 0..<rgb.count / 3 {
            let (r, g, b) = (Int(rgb[x * 3]), Int(rgb[x * 3 + 1]), Int(rgb[x * 3 + 2]))
            let brightest = max(r, g, b)
            guard brightest > 0 else {
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (0, 0, 0, 0)
                continue
            }
            row[x * 4] = UInt8((r * 255 + brightest / 2) / brightest)
            row[x * 4 + 1] = UInt8((g * 255 + brightest / 2) / brightest)
            row[x * 4 + 2] = UInt8((b * 255 + brightest / 2) / brightest)
            row[x * 4 + 3] = UInt8(brightest)
        }
    }
}
