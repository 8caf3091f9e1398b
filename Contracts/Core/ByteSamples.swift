package import Foundation

/// `count` bytes that differ between seeds and along the data.
package func pattern(_ count: Int, seed: UInt8) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed })
}

/// How a read looked, for a violation sentence.
package func describe(_ data: Data?) -> String {
    guard let data else { return "nil" }
    return "\(data.count) bytes starting \(data.prefix(4).map { String($0) }.joined(separator: ","))"
}
