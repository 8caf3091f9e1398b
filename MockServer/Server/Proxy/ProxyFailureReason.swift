import CCurl
import Foundation

/// The second line of a failed proxy's 500, in WireMock 2.35's words where the cause is one that
/// WireMock reports as Java does: an unknown host (`HOST: Name or service not known`) and a refused
/// connection (`Connect to http://HOST:PORT [/ADDRESS] failed: Connection refused`). Other causes
/// keep libcurl's own words, which name them as precisely. The first line (`Network failure trying
/// to make a proxied request from WireMock to URL`) is written by the caller.
enum ProxyFailureReason {
    /// The reason for libcurl's `code` on a transfer to `url`, given libcurl's error buffer
    /// (`message`), the errno of the failed call (`osErrno`, 0 if none) and the address it tried
    /// (`address`, empty if none).
    static func reason(code: CURLcode, url: String, message: String, osErrno: Int, address: String) -> String {
        let components = URLComponents(string: url)
        let host = components?.host ?? ""
        if code == CURLE_COULDNT_RESOLVE_HOST, !host.isEmpty {
            return "\(host): Name or service not known"
        }
        if code == CURLE_COULDNT_CONNECT, osErrno == Int(ECONNREFUSED), let scheme = components?.scheme, !host.isEmpty {
            let port = components?.port ?? (scheme == "https" ? 443 : 80)
            let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let tried = address.isEmpty ? host : address
            return "Connect to \(scheme)://\(shownHost):\(port) [/\(tried)] failed: Connection refused"
        }
        return message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
    }
}
