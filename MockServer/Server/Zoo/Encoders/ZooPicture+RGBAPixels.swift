extension ZooPicture {
    /// The side of a bomb's real picture: a bomb is a small file, whatever `w` and `h` ask for.
    static let bombPayloadSide = 64

    /// The picture's pixels for the GIF, WebP, AVIF and HEIC encoders: opaque, or with
    /// ``alpha(x:y:)`` when `alpha` is on.
    func pixels(alpha: Bool = false) throws(ZooEncodingError) -> RGBAPixels {
        if alpha { return try RGBAPixels(width: width, height: height, bytes: rgba()) }
        let rgb = rgb()
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            bytes[pixel * 4] = rgb[pixel * 3]
            bytes[pixel * 4 + 1] = rgb[pixel * 3 + 1]
            bytes[pixel * 4 + 2] = rgb[pixel * 3 + 2]
        }
        return try RGBAPixels(width: width, height: height, bytes: bytes)
    }

    /// The first `count` animation frames' pixels (opaque).
    func framePixels(_ count: Int) throws(ZooEncodingError) -> [RGBAPixels] {
        var frames: [RGBAPixels] = []
        for index in 0..<count { frames.append(try frame(index).pixels()) }
        return frames
    }

    /// The small picture a bomb really holds: this one, at most ``bombPayloadSide`` a side.
    var bombPayload: ZooPicture {
        resized(width: min(width, Self.bombPayloadSide), height: min(height, Self.bombPayloadSide))
    }
}
