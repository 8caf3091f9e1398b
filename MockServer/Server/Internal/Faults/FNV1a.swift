/// 64-bit FNV-1a: a fast, stable (same in every process, unlike `Hasher`) digest for tags and
/// seeds. Not cryptographic; nothing here needs it to be.
struct FNV1a: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Folds in bytes.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// Folds in a string's UTF-8 bytes and a terminator (so "ab"+"c" differs from "a"+"bc").
    mutating func add(_ text: String) {
        var copy = text
        copy.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        add(UInt64(0xFF))
    }

    /// Folds in a number's eight little-endian bytes.
    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    /// The digest as 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
