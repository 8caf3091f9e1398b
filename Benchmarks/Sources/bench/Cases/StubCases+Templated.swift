import Foundation

/// Case 7's templated stub: an answer WireMock's `response-template` transformer renders from
/// the request, posted unchanged to both servers. WireMock 2.35 standalone renders it only when
/// started with `--local-response-templating` (or `--global-response-templating`); the mock
/// server renders stubs naming the transformer by default.
extension StubCases {
    /// The templated stub's path.
    static let templatedPath = "/api/v1/orders/templated"

    /// A POST to `path` answered with JSON rendered per request from three things: the path
    /// (`{{request.path}}`), the server's time (`{{now}}`) and one `jsonPath` over the posted
    /// body, which for ``orderBody`` is the customer `c-7`.
    static func templatedStub(path: String) -> [String: Any] {
        [
            "request": ["method": "POST", "urlPath": path] as [String: Any],
            "response": [
                "status": 200, "headers": ["Content-Type": "application/json"],
                "body": #"{"path": "{{request.path}}", "at": "{{now}}", "customer": "{{jsonPath request.body '$.order.customer'}}"}"#,
                "transformers": ["response-template"],
            ] as [String: Any],
        ]
    }
}
