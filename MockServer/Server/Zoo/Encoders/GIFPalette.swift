/// The GIF encoder's quantizer: giflib 5 has none in its API, so the zoo makes its own, simple and
/// deterministic. Every opaque pixel falls in one cell of a fixed 6×7×6 RGB cube (252 cells);
/// each cell's palette entry is the mean colour of the pixels in it (the cube's centre when
/// none are), and each pixel takes its cell's entry. Index 255 is reserved for transparency.
struct GIFPalette {
    /// Cells along red, green and blue.
    static let levels = (red: 6, green: 7, blue: 6)
    /// The index of transparent pixels (alpha below 128), when the encoder asks for one.
    static let transparentIndex: UInt8 = 255

    /// 256 RGB triples (768 bytes); entries past the cube are black.
    let colors: [UInt8]

    /// A palette fitted to every pixel of `frames` (one palette for an animation, as GIF's global
    /// colour table).
    init(fitting frames: [RGBAPixels]) {
        var sums = [Int](repeating: 0, count: 256 * 3)
        var counts = [Int](repeating: 0, count: 256)
        for frame in frames {
            frame.bytes.withUnsafeBufferPointer { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 4) {
                    let cell = Int(Self.cell(bytes[offset], bytes[offset + 1], bytes[offset + 2]))
                    sums[cell * 3] += Int(bytes[offset])
                    sums[cell * 3 + 1] += Int(bytes[offset + 1])
                    sums[cell * 3 + 2] += Int(bytes[offset + 2])
                    counts[cell] += 1
                }
            }
        }
        var colors = [UInt8](repeating: 0, count: 256 * 3)
        let (reds, greens, blues) = Self.levels
        for cell in 0..<(reds * greens * blues) {
            if counts[cell] > 0 {
                for channel in 0..<3 {
                    colors[cell * 3 + channel] = UInt8((sums[cell * 3 + channel] + counts[cell] / 2) / counts[cell])
                }
            } else {
                let r = cell / (greens * blues)
                let g = cell / blues % greens
                let b = cell % blues
                colors[cell * 3] = UInt8(r * 255 / (reds - 1))
                colors[cell * 3 + 1] = UInt8(g * 255 / (greens - 1))
                colors[cell * 3 + 2] = UInt8(b * 255 / (blues - 1))
            }
        }
        self.colors = colors
    }

    /// The cube cell (palette index, 0..<252) of a colour.
    static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (reds, greens, blues) = levels
        let ri = (Int(r) * (reds - 1) + 127) / 255
        let gi = (Int(g) * (greens - 1) + 127) / 255
        let bi = (Int(b) * (blues - 1) + 127) / 255
        return UInt8((ri * greens + gi) * blues + bi)
    }

    /// The palette indices of `pixels`, row by row; transparent pixels (alpha below 128) get
    /// ``transparentIndex`` when `transparency` is on, and their colour's cell otherwise.
    func indices(of pixels: RGBAPixels, transparency: Bool) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: pixels.width * pixels.height)
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for pixel in 0..<indices.count {
                let offset = pixel * 4
                indices[pixel] =
                    transparency && bytes[offset + 3] < 128
                    ? Self.transparentIndex : Self.cell(bytes[offset], bytes[offset + 1], bytes[offset + 2])
            }
        }
        return indices
    }
}
