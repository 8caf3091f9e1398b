import Foundation
@testable import MockServer

/// Reads the bytes as a response template and renders it against a sample request whose body
/// is the same bytes: parsing gives a tree or a `.syntax`/`.limit` error with a reason and a
/// place inside the text; rendering, within small bounds, gives output within the output bound
/// or a typed error with a reason. Never a trap, never a hang (the step budget ends loops).
enum TemplateFuzz {
    private static let limits = TemplateLimits(maxOutputBytes: 256 * 1024, maxDepth: 100, maxSteps: 50_000)

    static func check(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let template: Template
        do throws(TemplateError) {
            template = try Template(parsing: text, limits: limits)
        } catch {
            if error.message.isEmpty { return "a parse error without a reason" }
            if let line = error.line, line < 1 || line > text.utf8.count + 1 { return "a parse error out of place: \(error)" }
            return nil
        }
        let request = StubRequestInfo(
            method: "POST", path: "/fuzz/a%20b", query: QueryParameters(pairs: [("q", "1"), ("q", "2")]),
            headers: [("Host", "example.com:8080"), ("Cookie", "c=1")], rawURL: "/fuzz/a%20b?q=1&q=2",
            body: StubRequestBody(data, isOverLimit: false))
        let model = TemplateRequestModel.value(of: request)
        let environment = TemplateEnvironment(
            request: model, parameters: .object(TemplateObject([("p", .string("v"))])), now: Date(timeIntervalSince1970: 1_614_834_367),
            seed: 1, limits: limits)
        do throws(TemplateError) {
            let output = try template.render(context: TemplateRequestModel.context(request: model, parameters: environment.parameters), environment: environment)
            // The bound is checked after each piece is appended, so one piece may pass it once.
            if output.utf8.count > 2 * limits.maxOutputBytes + data.count * 8 { return "output of \(output.utf8.count) bytes passed the bound" }
        } catch {
            if error.message.isEmpty { return "a render error without a reason" }
        }
        return nil
    }
}
