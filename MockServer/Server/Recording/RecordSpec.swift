import Foundation

/// What `POST /__admin/recordings/start` (and `…/snapshot`) asks for, in WireMock's shape:
/// `targetBaseUrl`, `filters`, `captureHeaders`, `requestBodyPattern`, `extractBodyCriteria`,
/// `persist`, `repeatsAsScenarios`, `transformers`. Read strictly: an unknown field or a bad value
/// is a ``StubError`` naming it (a 400).
struct RecordSpec: Sendable {
    /// The fields understood.
    static let fields: Set<String> = [
        "targetBaseUrl", "filters", "captureHeaders", "requestBodyPattern", "extractBodyCriteria", "persist",
        "repeatsAsScenarios", "transformers", "transformerParameters", "outputFormat",
    ]

    /// The upstream recorded (`nil` for a snapshot, or a recording of what is proxied anyway).
    var targetBaseUrl: String?
    /// Which exchanges are recorded; `nil`: all.
    var filters: RecordFilters?
    /// The request headers a mapping matches on, with `caseInsensitive` each: only these are
    /// written, so `Authorization`, cookies and tokens stay out unless named here.
    var captureHeaders: [(name: String, caseInsensitive: Bool)] = []
    /// How a request body becomes a body pattern.
    var requestBodyPattern: RecordBodyPattern = .auto
    /// Bodies larger than these go to `__files/`; `nil`: every body inline.
    var extractBodyCriteria: RecordExtractCriteria?
    /// Whether stopping writes the mappings under the root directory (default `true`).
    var persist = true
    /// Repeated identical requests become a scenario's states (default `true`, as in WireMock).
    var repeatsAsScenarios = true
    /// Whether the mappings' bodies go to `__files/` whatever their size (the command line's
    /// `--record-mappings`, as WireMock's command-line recorder does).
    var bodiesToFiles = false

    /// Everything default: record all, bodies inline, write on stop.
    init() {}

    /// The spec of a request body (an empty body is the default spec).
    init(json data: Data) throws(StubError) {
        guard !data.isEmpty, !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return }
        let object = try StubParser.object(data)
        try StubParser.checkFields(object, at: "", known: Self.fields, unsupported: [])
        if let target = try StubParser.string(object["targetBaseUrl"], at: "targetBaseUrl") {
            targetBaseUrl = try Self.checkedBase(target)
        }
        if let value = object["filters"], !(value is NSNull) {
            filters = try RecordFilters(try StubParser.object(value, at: "filters"))
        }
        if let value = object["captureHeaders"], !(value is NSNull) {
            let headers = try StubParser.object(value, at: "captureHeaders")
            for name in headers.keys.sorted() {
                let options = try StubParser.object(headers[name] ?? [String: Any](), at: "captureHeaders.\(name)")
                try StubParser.checkFields(options, at: "captureHeaders.\(name)", known: ["caseInsensitive"], unsupported: [])
                captureHeaders.append((name, try Self.flag(options["caseInsensitive"], at: "captureHeaders.\(name).caseInsensitive") ?? false))
            }
        }
        if let value = object["requestBodyPattern"], !(value is NSNull) {
            requestBodyPattern = try RecordBodyPattern(try StubParser.object(value, at: "requestBodyPattern"))
        }
        if let value = object["extractBodyCriteria"], !(value is NSNull) {
            extractBodyCriteria = try RecordExtractCriteria(try StubParser.object(value, at: "extractBodyCriteria"))
        }
        persist = try Self.flag(object["persist"], at: "persist") ?? true
        repeatsAsScenarios = try Self.flag(object["repeatsAsScenarios"], at: "repeatsAsScenarios") ?? true
        if let value = object["transformers"], !(value is NSNull) {
            guard let names = value as? [Any] else { throw StubError(.invalid, field: "transformers", reason: "must be an array of names") }
            if let first = names.first {
                throw StubError(
                    .unsupported, field: "transformers[0]",
                    reason: "'\(first)': mockserver has no recording transformers (WireMock extensions of a project's own)")
            }
        }
        if let format = try StubParser.string(object["outputFormat"], at: "outputFormat"), format != "FULL" {
            throw StubError(.unsupported, field: "outputFormat", reason: "only FULL (the mappings themselves) is supported")
        }
    }

    /// `base` when it is an `http://` or `https://` URL with a host and nothing after it but a
    /// path; its trailing slash removed.
    static func checkedBase(_ base: String) throws(StubError) -> String {
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil
        else {
            throw StubError(.invalid, field: "targetBaseUrl", reason: "'\(base)' is not an http:// or https:// URL like https://api.example.com")
        }
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// A JSON `true`/`false`, or `nil` when absent.
    static func flag(_ value: Any?, at path: String) throws(StubError) -> Bool? {
        guard let value, !(value is NSNull) else { return nil }
        guard let parsed = JSONValue(foundation: value), case .bool(let flag) = parsed else {
            throw StubError(.invalid, field: path, reason: "must be true or false")
        }
        return flag
    }
}

/// `requestBodyPattern`: `{"matcher": "auto"}` (the default: `equalToJson` for JSON,
/// `equalToXml` for XML, `equalTo` otherwise), or one matcher for every body.
enum RecordBodyPattern: Sendable, Equatable {
    /// Chosen by the request's `Content-Type`, with these options for JSON.
    case auto(ignoreArrayOrder: Bool, ignoreExtraElements: Bool, caseInsensitive: Bool)
    /// `equalToJson` for every body.
    case equalToJson(ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    /// `equalToXml` for every body.
    case equalToXml
    /// `equalTo` for every body.
    case equalTo(caseInsensitive: Bool)

    /// WireMock's defaults.
    static let auto = RecordBodyPattern.auto(ignoreArrayOrder: true, ignoreExtraElements: true, caseInsensitive: false)

    /// The pattern of a `requestBodyPattern` object.
    init(_ object: [String: Any]) throws(StubError) {
        let path = "requestBodyPattern"
        try StubParser.checkFields(
            object, at: path, known: ["matcher", "ignoreArrayOrder", "ignoreExtraElements", "caseInsensitive"], unsupported: [])
        let order = try RecordSpec.flag(object["ignoreArrayOrder"], at: "\(path).ignoreArrayOrder") ?? true
        let extra = try RecordSpec.flag(object["ignoreExtraElements"], at: "\(path).ignoreExtraElements") ?? true
        let caseless = try RecordSpec.flag(object["caseInsensitive"], at: "\(path).caseInsensitive") ?? false
        switch try StubParser.string(object["matcher"], at: "\(path).matcher") ?? "auto" {
        case "auto": self = .auto(ignoreArrayOrder: order, ignoreExtraElements: extra, caseInsensitive: caseless)
        case "equalToJson": self = .equalToJson(ignoreArrayOrder: order, ignoreExtraElements: extra)
        case "equalToXml": self = .equalToXml
        case "equalTo": self = .equalTo(caseInsensitive: caseless)
        case let other:
            throw StubError(.invalid, field: "\(path).matcher", reason: "'\(other)' is not one of auto, equalToJson, equalToXml, equalTo")
        }
    }
}

/// `extractBodyCriteria`: bodies larger than these thresholds go to `__files/`
/// (`{"textSizeThreshold": "2 kb", "binarySizeThreshold": "1 Mb"}`; a bare number is bytes).
struct RecordExtractCriteria: Sendable, Equatable {
    /// Text bodies above this many bytes are extracted.
    var textSizeThreshold: Int
    /// Other bodies above this many bytes are extracted.
    var binarySizeThreshold: Int

    /// Every body to a file (`--record-mappings`).
    static let always = RecordExtractCriteria(textSizeThreshold: -1, binarySizeThreshold: -1)

    init(textSizeThreshold: Int, binarySizeThreshold: Int) {
        self.textSizeThreshold = textSizeThreshold
        self.binarySizeThreshold = binarySizeThreshold
    }

    /// The criteria of an `extractBodyCriteria` object (WireMock's defaults: 10 kb text, 0 binary).
    init(_ object: [String: Any]) throws(StubError) {
        try StubParser.checkFields(
            object, at: "extractBodyCriteria", known: ["textSizeThreshold", "binarySizeThreshold"], unsupported: [])
        textSizeThreshold = try Self.size(object["textSizeThreshold"], at: "extractBodyCriteria.textSizeThreshold") ?? 10_240
        binarySizeThreshold = try Self.size(object["binarySizeThreshold"], at: "extractBodyCriteria.binarySizeThreshold") ?? 0
    }

    /// Whether a body of `size` bytes, text or not, goes to a file.
    func extracts(size: Int, isText: Bool) -> Bool {
        size > (isText ? textSizeThreshold : binarySizeThreshold)
    }

    /// `"2 kb"`, `"1Mb"`, `"512"` or a number, in bytes (kb = 1024).
    private static func size(_ value: Any?, at path: String) throws(StubError) -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        if let parsed = JSONValue(foundation: value), case .number(let number) = parsed, let bytes = number.intValue, bytes >= 0 {
            return bytes
        }
        guard let text = value as? String else { throw StubError(.invalid, field: path, reason: "must be a size like \"2 kb\"") }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let scale: [String: Int] = ["": 1, "b": 1, "kb": 1024, "mb": 1024 * 1024, "gb": 1024 * 1024 * 1024]
        guard !digits.isEmpty, digits.count <= 12, let count = Int(digits), let factor = scale[unit] else {
            throw StubError(.invalid, field: path, reason: "'\(text)' is not a size like \"2 kb\", \"1 Mb\" or \"512\"")
        }
        return count * factor
    }
}
