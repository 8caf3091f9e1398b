import Foundation
import ImageCodec

/// The body stage's shapers, in the table's order: a 2xx `status` replaces the resource's,
/// `type` its `Content-Type`, `bytes` its declared length, and `corrupt` damages its data (same
/// length and type). The validators (`conditional`, `ranges`) come after, on the shaped answer.
/// `malformed` and `empty` are applied where the answer is built (they change what is built).
enum BodyStage {
    /// `reply` shaped by `faults`.
    static func shape(_ reply: Reply, _ faults: RequestFaults) -> Reply {
        var reply = reply
        reply.length = reply.headLength ?? reply.body.count
        for fault in faults.list {
            switch fault {
            case .status(let status) where (200...299).contains(status): reply.status = status
            case .contentType(let type): reply.contentType = type
            case .bytes(let count): reply.length = count
            case .corrupt:
                let original = reply.body.data
                reply.body = SharedBytes(ImageCodec.corrupted(original) ?? damaged(original))
            default: break
            }
        }
        return reply
    }

    /// Same length, bytes no parser accepts: the middle third becomes 0xFF (invalid UTF-8 too).
    static func damaged(_ data: Data) -> Data {
        var copy = data
        let start = copy.count / 3
        let end = max(start + 1, copy.count * 2 / 3)
        if copy.count > 0 {
            for index in start..<min(end, copy.count) { copy[copy.startIndex + index] = 0xFF }
        }
        return copy
    }
}
