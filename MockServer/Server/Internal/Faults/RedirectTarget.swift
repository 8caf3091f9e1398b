import Foundation

/// Where a `redirect=N` or `redirect_loop` answer sends the client: the same path and query with
/// one parameter changed, written in one of three `Location` forms.
struct RedirectTarget: Sendable, Equatable {
    /// How the `Location` is written (`location=`).
    typealias Form = Fault.LocationForm

    /// The parameter to set, and its new value.
    let parameter: String
    let value: String

    /// The next hop for `redirect=N` (N > 0 → N − 1) or `redirect_loop` (1 → 2 → 1), or `nil`
    /// when the request is not redirected (`redirect=0` ends a chain).
    static func next(redirect: Int, loop: Int) -> RedirectTarget? {
        if loop > 0 { return RedirectTarget(parameter: "redirect_loop", value: loop == 1 ? "2" : "1") }
        if redirect > 0 { return RedirectTarget(parameter: "redirect", value: String(redirect - 1)) }
        return nil
    }

    /// The `Location` value: `path` (decoded, as the server received it) and `query` with this
    /// target's parameter replaced in place, percent-encoded again.
    func location(path: String, query: QueryParameters, form: Form, base: String) -> String {
        var replaced = false
        var pairs: [(name: String, value: String?)] = query.pairs.compactMap { pair in
            guard pair.name == parameter else { return pair }
            guard !replaced else { return nil }  // a repeated parameter: the first place keeps the new value
            replaced = true
            return (parameter, value)
        }
        if !replaced { pairs.append((parameter, value)) }
        let encodedQuery = pairs.map { pair in
            let name = Self.encodeQueryPart(pair.name)
            return pair.value.map { name + "=" + Self.encodeQueryPart($0) } ?? name
        }.joined(separator: "&")
        let encodedPath = path.addingPercentEncoding(withAllowedCharacters: Self.pathAllowed) ?? "/"
        switch form {
        case .absolute:
            return base + encodedPath + "?" + encodedQuery
        case .path:
            return encodedPath + "?" + encodedQuery
        case .relative:
            let segment = encodedPath.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            // An empty segment or one with a colon (read as a scheme) needs a leading `./`.
            let reference = segment.isEmpty || segment.contains(":") ? "./" + segment : segment
            return reference + "?" + encodedQuery
        }
    }

    /// Unreserved characters only: everything else in a query part is percent-encoded.
    private static let queryAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    /// Path characters: unreserved, `/`, and the sub-delimiters `:@!$&'()*+,;=`.
    private static let pathAllowed = queryAllowed.union(CharacterSet(charactersIn: "/:@!$&'()*+,;="))

    private static func encodeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? ""
    }
}
