import Foundation
import Networking

/// The bytes of an interrupted download that a retry can continue from with `Range`: only
/// when the answer advertised `Accept-Ranges: bytes` and a strong `ETag` (sent back as
/// `If-Range`, so a changed image comes whole, as a 200).
struct ResumePoint: Sendable, Equatable {
    /// The body bytes received so far, from the first.
    var prefix: Data
    /// The strong `ETag` of the whole body.
    var etag: String
    /// The headers of the first answer (its `Content-Type` describes the whole body).
    var headers: [String: String]

    /// Where the interrupted answer `partial` lets a retry continue: `resume` extended by it
    /// when it was the 206 that `resume` asked for, else a new point for a 200 that allows
    /// it; `nil` when it cannot be resumed.
    static func after(_ partial: HTTPResponse, continuing resume: ResumePoint?) -> ResumePoint? {
        if let resume, partial.status == 206 {
            guard ContentRange.start(of: partial.header("content-range")) == resume.prefix.count else { return nil }
            var extended = resume
            extended.prefix.append(partial.body)
            return extended
        }
        guard partial.status == 200, let etag = partial.header("etag"), !etag.hasPrefix("W/"),
            partial.header("accept-ranges")?.lowercased().contains("bytes") == true
        else { return nil }
        return ResumePoint(prefix: partial.body, etag: etag, headers: partial.headers)
    }

    /// `request` asking for the rest: `Range: bytes=N-`, `If-Range` with the tag, and the byte
    /// limit less what is already here.
    func continuing(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Range"] = "bytes=\(prefix.count)-"
        request.headers["If-Range"] = etag
        request.maxBytes = max(0, request.maxBytes - prefix.count)
        return request
    }

    /// The whole answer from the answer to ``continuing(_:)``: a 206 from where the prefix ends
    /// completes it (as a 200 with the first answer's headers); a 200 is the whole body again
    /// (the image changed, or the server ignored `Range`); `nil` for a 206 of other bytes.
    func completed(by response: HTTPResponse) -> HTTPResponse? {
        guard response.status == 206 else { return response }
        guard ContentRange.start(of: response.header("content-range")) == prefix.count else { return nil }
        return HTTPResponse(url: response.url, status: 200, headers: headers, body: prefix + response.body)
    }
}
