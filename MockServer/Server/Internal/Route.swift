/// The `gallery.json` scenarios.
public enum GalleryScenario: String, Sendable, Hashable, CaseIterable {
    /// Six fine images of at least 800×600.
    case `default`
    /// One fine, one slow (3 s), one corrupt, one missing, one oversized, one stalled.
    case mixed
    /// The default images; the server goes offline once each has been served once.
    case offlineFirst = "offline-first"
    /// The image zoo, six variants a page (`page=K`, from 1; past the end, no images).
    case zoo
}

/// What a request path (and its endpoint-specific parameters) asks for.
enum Route: Sendable, Hashable {
    case health
    /// `page` counts from 1 (only the `zoo` scenario has more than one).
    case gallery(GalleryScenario, page: Int)
    case image(ImageKey, scenario: GalleryScenario?)
    case avatar(ImageKey)
    case v11Search(query: String, count: Int, sinceID: UInt64?, maxID: UInt64?)
    case v11UserTimeline(screenName: String, count: Int, sinceID: UInt64?, maxID: UInt64?)
    case v2Search(query: String, maxResults: Int, sinceID: UInt64?)
    case notFound

    /// Largest `w`/`h` of a generated image.
    static let maximumSide = 20_000
    /// Default size of a generated image.
    static let defaultSize = (width: 1024, height: 768)
    /// Side of an avatar.
    static let avatarSide = 73

    /// Whether the endpoint needs `Authorization: Bearer <token>` (checked before anything else).
    static func needsToken(_ path: String) -> Bool {
        path.hasPrefix("/1.1/") || path.hasPrefix("/2/")
    }

    /// Matches `path` and reads its endpoint's parameters.
    init(path: String, query: QueryParameters) throws(ParameterError) {
        switch path {
        case "/health":
            self = .health
        case "/gallery.json":
            self = .gallery(try Self.scenario(query) ?? .default, page: try query.integer("page", in: 1...1_000_000) ?? 1)
        case "/1.1/search/tweets.json":
            guard let text = query.value("q") else {
                throw ParameterError(parameter: "q", error: "the search query is missing", valid: "any text (URL-encoded)")
            }
            self = .v11Search(
                query: text, count: try query.integer("count", in: 1...100) ?? 15,
                sinceID: try query.identifier("since_id"), maxID: try query.identifier("max_id"))
        case "/1.1/statuses/user_timeline.json":
            guard let name = query.value("screen_name"), !name.isEmpty else {
                throw ParameterError(parameter: "screen_name", error: "the screen name is missing", valid: "a screen name, e.g. testbed_news")
            }
            self = .v11UserTimeline(
                screenName: name, count: try query.integer("count", in: 1...200) ?? 20,
                sinceID: try query.identifier("since_id"), maxID: try query.identifier("max_id"))
        case "/2/tweets/search/recent":
            guard let text = query.value("query"), !text.isEmpty else {
                throw ParameterError(parameter: "query", error: "the search query is missing", valid: "any text (URL-encoded)")
            }
            self = .v2Search(
                query: text, maxResults: try query.integer("max_results", in: 10...100) ?? 10,
                sinceID: try query.identifier("since_id"))
        default:
            if let (number, format) = Self.imageName(path, prefix: "/images/"), let number = Int(number),
                (1...1_000_000).contains(number)
            {
                let width = try query.integer("w", in: 1...Self.maximumSide) ?? Self.defaultSize.width
                let height = try query.integer("h", in: 1...Self.maximumSide) ?? Self.defaultSize.height
                self = .image(
                    ImageKey(
                        subject: .numbered(number), width: width, height: height, format: format,
                        variant: try Self.variant(query, format: format)),
                    scenario: try Self.scenario(query))
            } else if let (name, format) = Self.imageName(path, prefix: "/avatars/"), format == .png {
                let side = Self.avatarSide
                self = .avatar(ImageKey(subject: .avatar(name), width: side, height: side, format: .png))
            } else {
                self = .notFound
            }
        }
    }

    /// Whether `malformed`/`empty` make sense here.
    var servesJSON: Bool {
        switch self {
        case .gallery, .v11Search, .v11UserTimeline, .v2Search: return true
        case .health, .image, .avatar, .notFound: return false
        }
    }

    /// The `variant=` of `/images/N.<ext>`: `nil` (the plain image) for PNG and JPEG without
    /// it; else a variant of that format in ``ZooVariants``, or a 400 listing the valid ones.
    private static func variant(_ query: QueryParameters, format: ImageFileFormat) throws(ParameterError) -> String? {
        let name = query.value("variant")
        if name == nil, format.hasPlainImage { return nil }
        // Every request for a variant passes here: a set lookup, no list built (the list and
        // its text are for the 400 only).
        if let name, ZooVariants.hasVariant(name, of: format) { return name }
        let names = ZooVariants.of(format).map(\.name)
        guard !names.isEmpty else {
            throw ParameterError(
                parameter: "variant", error: "no \(format.fileExtension) variants are served yet",
                valid: "none for .\(format.fileExtension) yet")
        }
        let valid = names.joined(separator: ", ")
        guard let name else {
            throw ParameterError(
                parameter: "variant", error: ".\(format.fileExtension) images are served as zoo variants only; name one",
                valid: valid)
        }
        guard names.contains(name) else {
            throw ParameterError(parameter: "variant", error: "no \(format.fileExtension) variant is named \(name)", valid: valid)
        }
        return name
    }

    private static func scenario(_ query: QueryParameters) throws(ParameterError) -> GalleryScenario? {
        try query.choice("scenario", of: scenarioNames).flatMap(GalleryScenario.init(rawValue:))
    }

    /// The `scenario=` values, listed once rather than on every request.
    private static let scenarioNames = GalleryScenario.allCases.map(\.rawValue)

    /// Splits `/prefix/NAME.ext` into NAME (letters, digits, `_`, `-`) and the format.
    private static func imageName(_ path: String, prefix: String) -> (String, ImageFileFormat)? {
        guard path.hasPrefix(prefix) else { return nil }
        let file = path.dropFirst(prefix.count)
        guard let dot = file.lastIndex(of: ".") else { return nil }
        let name = file[..<dot]
        guard let format = ImageFileFormat(fileExtension: file[file.index(after: dot)...]) else { return nil }
        let allowed = name.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 || byte == 45
        }
        guard !name.isEmpty, name.count <= 64, allowed else { return nil }
        return (String(name), format)
    }
}
