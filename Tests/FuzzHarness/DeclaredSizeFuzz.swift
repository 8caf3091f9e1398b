import Foundation
@testable import MockServer

/// The zoo's bomb-header rewriting (`DeclaredSize`) on arbitrary bytes: it throws a
/// `ZooEncodingError` with a message, or returns a file of the same length that differs only in
/// the size fields, says the new size there, and is a fixed point (rewriting it again changes
/// nothing). A rewritten file then goes through ImageCodec's rules, as a bomb a client decodes.
enum DeclaredSizeFuzz {
    /// The size the zoo's PNG, WebP, AVIF and HEIC bombs declare.
    static let side = 100_000

    static func check(_ data: Data) -> String? {
        webp(data) ?? isobmff(data)
    }

    private static func webp(_ data: Data) -> String? {
        let rewritten: Data
        do {
            rewritten = try DeclaredSize.webp(data, width: side, height: side)
        } catch {
            return error.message.isEmpty ? "DeclaredSize.webp threw without a message" : nil
        }
        guard rewritten.count == data.count else { return "DeclaredSize.webp changed the length \(data.count) to \(rewritten.count)" }
        let (old, new) = ([UInt8](data), [UInt8](rewritten))
        if let index = old.indices.first(where: { old[$0] != new[$0] && !(24..<30).contains($0) }) {
            return "DeclaredSize.webp changed byte \(index), outside the VP8X canvas fields"
        }
        for offset in [24, 27] {
            let value = Int(new[offset]) | Int(new[offset + 1]) << 8 | Int(new[offset + 2]) << 16
            if value != side - 1 { return "DeclaredSize.webp wrote \(value + 1) at byte \(offset), not \(side)" }
        }
        return ImageFuzz.check(rewritten)
    }

    private static func isobmff(_ data: Data) -> String? {
        let rewritten: Data
        do {
            rewritten = try DeclaredSize.isobmff(data, width: UInt32(side), height: UInt32(side))
        } catch {
            return error.message.isEmpty ? "DeclaredSize.isobmff threw without a message" : nil
        }
        guard rewritten.count == data.count else {
            return "DeclaredSize.isobmff changed the length \(data.count) to \(rewritten.count)"
        }
        // Each ispe changes at most its 8 size bytes, and an `ispe` box holds them: every changed
        // byte lies after the first `ispe` type name.
        let (old, new) = ([UInt8](data), [UInt8](rewritten))
        if let index = old.indices.first(where: { old[$0] != new[$0] }),
            old.firstRange(of: Array("ispe".utf8)).map({ index < $0.upperBound + 4 }) ?? true
        {
            return "DeclaredSize.isobmff changed byte \(index), before any ispe box's size fields"
        }
        guard let again = try? DeclaredSize.isobmff(rewritten, width: UInt32(side), height: UInt32(side)) else {
            return "DeclaredSize.isobmff refused its own output"
        }
        if again != rewritten { return "DeclaredSize.isobmff is not a fixed point: a second rewrite changed the file" }
        return ImageFuzz.check(rewritten)
    }
}
