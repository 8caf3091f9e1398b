/// How a stored picture is turned to stand upright: the EXIF orientation tag's eight values.
///
/// Each case names where the stored picture's first row and first column end up. Cameras
/// write the sensor's pixels as they come and say how the phone was held, so a portrait photo
/// is often stored landscape with ``rightTop`` (6).
enum ImageOrientation: Int, Sendable {
    /// 1: stored upright.
    case topLeft = 1
    /// 2: mirrored left to right.
    case topRight = 2
    /// 3: turned half a turn.
    case bottomRight = 3
    /// 4: mirrored top to bottom.
    case bottomLeft = 4
    /// 5: mirrored along the main diagonal (rows become columns).
    case leftTop = 5
    /// 6: to be turned a quarter turn clockwise.
    case rightTop = 6
    /// 7: mirrored along the other diagonal.
    case rightBottom = 7
    /// 8: to be turned a quarter turn counter-clockwise.
    case leftBottom = 8

    /// Whether the upright picture's width is the stored height (values 5–8).
    var swapsAxes: Bool { rawValue >= 5 }

    /// The stored size of a picture that is `size` upright (the same size, or its sides swapped).
    func stored(_ size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `image` turned upright: a new pixel array of the same size, with the sides swapped for
    /// values 5–8; the image itself for ``topLeft``.
    func apply(to image: DecodedImage) -> DecodedImage {
        guard self != .topLeft else { return image }
        let (width, height) = (image.width, image.height)
        let (outWidth, outHeight) = swapsAxes ? (height, width) : (width, height)
        let walk = sourceWalk(width: width, height: height)
        let pixels = [UInt8](unsafeUninitializedCapacity: image.pixels.count) { buffer, count in
            image.pixels.withUnsafeBytes { source in
                let from = source.bindMemory(to: UInt32.self)
                let to = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
                // In 32×32 tiles: a quarter turn reads the source down its columns, and a tile's
                // columns stay in cache (about 20% faster than whole rows for 1024×768).
                for tileY in stride(from: 0, to: outHeight, by: Self.tile) {
                    for tileX in stride(from: 0, to: outWidth, by: Self.tile) {
                        for y in tileY..<min(tileY + Self.tile, outHeight) {
                            var index = walk.start + y * walk.down + tileX * walk.across
                            let row = y * outWidth
                            for x in tileX..<min(tileX + Self.tile, outWidth) {
                                to[row + x] = from[index]
                                index += walk.across
                            }
                        }
                    }
                }
            }
            count = image.pixels.count
        }
        return DecodedImage(validatedWidth: outWidth, height: outHeight, pixels: pixels)
    }

    /// The side of the square tiles ``apply(to:)`` copies one at a time.
    private static let tile = 32

    /// Where in the stored `width` × `height` pixels the upright picture's pixel (0, 0) is, and
    /// how far the index moves for one step right and one step down in the upright picture.
    private func sourceWalk(width: Int, height: Int) -> (start: Int, across: Int, down: Int) {
        let lastRow = (height - 1) * width
        let lastColumn = width - 1
        switch self {
        case .topLeft: return (0, 1, width)
        case .topRight: return (lastColumn, -1, width)
        case .bottomRight: return (lastRow + lastColumn, -1, -width)
        case .bottomLeft: return (lastRow, 1, -width)
        case .leftTop: return (0, width, 1)
        case .rightTop: return (lastRow, -width, 1)
        case .rightBottom: return (lastRow + lastColumn, -width, -1)
        case .leftBottom: return (lastColumn, width, -1)
        }
    }
}
