extension ZooPicture {
    /// The side of a bomb's real picture: a bomb is a small file, whatever `w` and `h` ask for.
    static let bombPayloadSide = 64

    /// The picture's pixels for the GIF, WebP, AVIF and HEIC encoders: opaque, or with
    /// ``alpha(x:y:)`` when `alpha` is on.
    func pixels(alpha: Bool = false) throws(ZooEncodingError) -> RGBAPixels {
        if alpha { return try RGBAPixels(width: width, height: height, bytes: rgba()) }
        // Straight from the row drawer into RGBA: no whole-picture RGB copy on the way.
        let (width, height) = (width, height)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            forEachRow { y, row in
                var target = y * width * 4
                for x in 0..<width {
                    buffer[target] = row[x * 3]
                    buffer[target + 1] = row[x * 3 + 1]
                    buffer[target + 2] = row[x * 3 + 2]
                    buffer[target + 3] = 255
                    target += 4
                }
            }
            count = width * height * 4
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
