import Foundation

/// What one render of one template shares across its helpers: the request model, the time,
/// the seeded random numbers, the variables `assign` sets, and the budget that bounds it.
///
/// A class, made for each request and used on one thread only: helpers draw random numbers
/// and set variables through it, and every helper of the render sees the change.
final class TemplateEnvironment {
    /// The request model (`request.path`, `request.query.NAME`…) given whole; `.null` outside
    /// a request, or when the environment builds it member by member (``requestModel(fields:)``).
    let request: TemplateValue
    /// The request whose model ``requestModel(fields:)`` builds on demand.
    private let requestInfo: StubRequestInfo?
    /// The members of the model built so far, by name: a stub's body and header templates
    /// share them.
    private var builtFields: [String: TemplateValue] = [:]
    /// The stub's `transformerParameters` (`parameters.NAME`); `.null` when it has none.
    let parameters: TemplateValue
    /// The server clock's time when the render started: `now` and `date` read this.
    let now: Date
    /// The render's random numbers, seeded by the server option or the stub's
    /// `metadata.testbed.seed` so a seeded server gives the same values on every run.
    var random: SplitMix64
    /// The bounds of this render.
    let limits: TemplateLimits
    /// The variables `{{#assign 'name'}}…{{/assign}}` set; a path whose first name the context
    /// lacks reads them (`{{name}}`).
    var variables: [String: TemplateValue] = [:]
    /// The JSON text `jsonPath` read last and its value: a template that asks several
    /// `jsonPath`s of `request.body` reads the body once.
    var lastJSONDocument: (text: String, value: JSONValue)?
    /// Steps spent so far (see ``spend(_:)``).
    private(set) var steps = 0

    /// An environment for one render.
    init(
        request: TemplateValue = .null, requestInfo: StubRequestInfo? = nil, parameters: TemplateValue = .null, now: Date,
        seed: UInt64, limits: TemplateLimits = .standard
    ) {
        self.request = request
        self.requestInfo = requestInfo
        self.parameters = parameters
        self.now = now
        self.random = SplitMix64(seed: seed)
        self.limits = limits
    }

    /// The request model with the members in `fields` (every one when `nil`), each built once
    /// per request; ``request`` when the environment was given the model whole.
    func requestModel(fields: Set<String>?) -> TemplateValue {
        guard let requestInfo else { return request }
        var model = TemplateObject()
        for name in TemplateRequestModel.fieldNames where fields?.contains(name) ?? true {
            if let built = builtFields[name] {
                model[name] = built
            } else {
                let built = TemplateRequestModel.field(name, of: requestInfo)
                builtFields[name] = built
                model[name] = built
            }
        }
        return .object(model)
    }

    /// Spends `count` steps of the render's budget; a helper that builds or walks `n` elements
    /// (`range`, `split`, `jsonPath '$..*'`) spends `n` before doing so. Throws `.limit` once
    /// the budget is gone.
    func spend(_ count: Int = 1) throws(TemplateError) {
        let (sum, overflow) = steps.addingReportingOverflow(max(count, 0))
        steps = overflow ? Int.max : sum
        if steps > limits.maxSteps {
            throw TemplateError(.limit, "the template does more than \(limits.maxSteps) steps of work (a loop or a list too long)")
        }
    }

    /// Throws `.limit` when `byteCount` bytes of output are over the bound.
    func checkOutput(_ byteCount: Int) throws(TemplateError) {
        if byteCount > limits.maxOutputBytes {
            throw TemplateError(.limit, "the template's output is over \(limits.maxOutputBytes) bytes")
        }
    }
}

// One render, one thread: the server makes an environment per request and never shares it.
@available(*, unavailable)
extension TemplateEnvironment: Sendable {}
