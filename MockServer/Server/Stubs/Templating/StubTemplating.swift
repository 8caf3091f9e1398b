import Foundation
import Logging
import Synchronization

/// Response templating for stubs: which stubs it applies to, and their answers rendered.
///
/// A stub is rendered when it names the `response-template` transformer, or, with
/// ``MockServer/ResponseTemplating/global``, always. The body (`body`, `jsonBody` as its
/// text, `bodyFileName`'s name and then the file's text) and every header value are templates
/// over the request model (``TemplateRequestModel``) and the stub's `transformerParameters`.
/// A template that fails answers 500 with the reason, and logs a line; the server goes on.
///
/// Parsed templates are kept by their text (at most ``cacheLimit``), so a stub's templates
/// are parsed once. Each stub draws its random numbers from its own seeded sequence
/// (`metadata.testbed.seed`, else the server's seed), one seed per request in order, so a run
/// repeats.
final class StubTemplating: Sendable {
    /// The transformer's name in a mapping.
    static let transformerName = "response-template"
    /// The most parsed templates kept.
    static let cacheLimit = 4096
    /// The most stubs whose answer count is kept for seeding (past it the counts start over,
    /// so stubs added and removed through the admin API for ever keep the state bounded).
    static let counterLimit = 10_000

    /// Whether every stub is rendered, or only those that name the transformer.
    let mode: MockServer.ResponseTemplating
    /// The server's seed for random helpers.
    let seed: UInt64
    /// The clock `now` reads.
    let clock: any ServerClock
    /// Where a failing template's line goes.
    let logger: Logger
    /// The bounds of each render.
    let limits: TemplateLimits
    private let cache = Mutex<[String: Result<Template, TemplateError>]>([:])
    private let counters = Mutex<[StubID: UInt64]>([:])

    /// Templating in `mode`, random helpers seeded with `seed`, `now` from `clock`.
    init(mode: MockServer.ResponseTemplating, seed: UInt64, clock: any ServerClock, logger: Logger, limits: TemplateLimits = .standard) {
        self.mode = mode
        self.seed = seed
        self.clock = clock
        self.logger = logger
        self.limits = limits
    }

    /// Whether `stub`'s answer is rendered.
    func applies(to stub: Stub) -> Bool {
        mode == .global || stub.response.transformers.contains(Self.transformerName)
    }

    /// The template `text`, parsed once.
    func template(_ text: String) -> Result<Template, TemplateError> {
        if let cached = cache.withLock({ $0[text] }) { return cached }
        let parsed: Result<Template, TemplateError>
        do throws(TemplateError) {
            parsed = .success(try Template(parsing: text, limits: limits))
        } catch {
            parsed = .failure(error)
        }
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[text] = parsed
        }
        return parsed
    }

    /// A render environment for one request to `stub`.
    func environment(for stub: Stub, request: StubRequestInfo) -> TemplateEnvironment {
        let base = Self.stubSeed(stub) ?? seed
        let turn = counters.withLock { counters -> UInt64 in
            if counters[stub.id] == nil, counters.count >= Self.counterLimit { counters.removeAll(keepingCapacity: true) }
            defer { counters[stub.id, default: 0] += 1 }
            return counters[stub.id, default: 0]
        }
        var mixer = SplitMix64(seed: base &+ turn &* 0x9E37_79B9_7F4A_7C15)
        let parameters = stub.response.transformerParameters.map { TemplateValue(json: .object($0)) } ?? .object(TemplateObject())
        return TemplateEnvironment(
            requestInfo: request, parameters: parameters, now: clock.now(), seed: mixer.next(), limits: limits)
    }

    /// Renders `text` for one request; the error names where the template stands (`body`…).
    func render(_ text: String, in environment: TemplateEnvironment) throws(TemplateError) -> String {
        let template = try self.template(text).get()
        if template.isPlainText { return text }
        let request = environment.requestModel(fields: template.requestFields)
        let context = TemplateRequestModel.context(request: request, parameters: environment.parameters)
        return try template.render(context: context, environment: environment)
    }

    /// Logs a failed render of `stub`'s `part`.
    func logFailure(_ error: TemplateError, stub: Stub, part: String) {
        logger.warning("stub \(stub.id.uuidString.lowercased()): response template (\(part)) failed: \(error)")
    }

    /// The stub's own seed, `metadata.testbed.seed` (a whole number, or text of one).
    static func stubSeed(_ stub: Stub) -> UInt64? {
        guard case .object(let testbed)? = stub.metadata?["testbed"], let seed = testbed["seed"] else { return nil }
        switch seed {
        case .number(let number): return UInt64(number.text) ?? number.intValue.map { UInt64(bitPattern: Int64($0)) }
        case .string(let text): return UInt64(text)
        default: return nil
        }
    }
}

extension Stub {
    /// Whether the stub reads the request's body: it has `bodyPatterns`, or names the
    /// `response-template` transformer (a template may read `request.body`).
    var readsRequestBody: Bool {
        !request.bodyPatterns.isEmpty || response.transformers.contains(StubTemplating.transformerName)
    }
}
