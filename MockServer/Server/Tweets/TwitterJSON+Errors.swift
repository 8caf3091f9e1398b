import Foundation

/// Error bodies exactly as Twitter sends them (v1.1 `errors` array, v2 problem JSON).
extension TwitterJSON {
    /// v1.1 401: `{"errors":[{"code":89,"message":"Invalid or expired token."}]}`.
    static func v11Unauthorized() -> Data {
        Data(#"{"errors":[{"code":89,"message":"Invalid or expired token."}]}"#.utf8)
    }

    /// v2 401 problem JSON.
    static func v2Unauthorized() -> Data {
        Data(#"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#.utf8)
    }

    /// v1.1 404, also for an unknown `screen_name`:
    /// `{"errors":[{"code":34,"message":"Sorry, that page does not exist."}]}`.
    static func v11NotFound() -> Data {
        Data(#"{"errors":[{"code":34,"message":"Sorry, that page does not exist."}]}"#.utf8)
    }

    /// v2 404 problem JSON.
    static func v2NotFound() -> Data {
        Data(#"{"title":"Not Found","type":"about:blank","status":404,"detail":"Not Found"}"#.utf8)
    }

    /// v1.1 429: `{"errors":[{"code":88,"message":"Rate limit exceeded"}]}`.
    static func v11RateLimited() -> Data {
        Data(#"{"errors":[{"code":88,"message":"Rate limit exceeded"}]}"#.utf8)
    }

    /// v2 429 problem JSON.
    static func v2RateLimited() -> Data {
        let body = #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}"#
        return Data(body.utf8)
    }
}
