import Foundation
import XCTest

@testable import MockServer

/// Renders templates for the templating tests: a fixed clock, a fixed seed, the server's helper
/// table (plus any a test adds), and the standard or given limits.
enum TemplateTesting {
    /// 2021-03-04T05:06:07Z.
    static let now = Date(timeIntervalSince1970: 1_614_834_367)

    /// `text` rendered with `context` (and `request` as the environment's request model).
    static func render(
        _ text: String, context: TemplateValue = .object(TemplateObject()), request: TemplateValue = .null,
        helpers extra: [String: TemplateHelper] = [:], limits: TemplateLimits = .standard
    ) throws(TemplateError) -> String {
        let environment = TemplateEnvironment(request: request, now: now, seed: 42, limits: limits)
        let template = try Template(parsing: text, limits: limits)
        return try template.render(context: context, environment: environment, helpers: TemplateHelpers.all.merging(extra) { _, mine in mine })
    }

    /// The error rendering `text` throws, or `nil` when it renders.
    static func failure(
        _ text: String, context: TemplateValue = .object(TemplateObject()), helpers: [String: TemplateHelper] = [:],
        limits: TemplateLimits = .standard
    ) -> TemplateError? {
        do throws(TemplateError) {
            _ = try render(text, context: context, helpers: helpers, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// An object of `entries`.
    static func object(_ entries: [(String, TemplateValue)]) -> TemplateValue { .object(TemplateObject(entries)) }

    /// `range a b` as a test-local helper (the real one belongs to the lists family), spending
    /// its length first as the helpers must.
    static let range: [String: TemplateHelper] = [
        "range": TemplateHelper { call throws(TemplateError) in
            let low = call.argument(0).intValue ?? 0
            let high = call.argument(1).intValue ?? 0
            try call.environment.spend(max(0, high - low + 1))
            return .array((low...max(low, high)).map(TemplateValue.integer))
        }
    ]
}
