import Foundation

/// Case 7's mappings: the measured stub, the crowds added around it, and the body-matching
/// stubs. Each is a plain mapping object, posted unchanged to both servers.
extension StubCases {
    /// The measured stub: GET `stubPath` answers `json` as a JSON body.
    static func servedStub(_ json: Data) throws -> [String: Any] {
        [
            "request": ["method": "GET", "url": stubPath],
            "response": [
                "status": 200, "headers": ["Content-Type": "application/json"],
                "body": String(decoding: json, as: UTF8.self),
            ] as [String: Any],
        ]
    }

    /// `count` stubs on other paths that never match a GET of `stubPath`, in three shapes users write.
    static func otherStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            let request: [String: Any]
            switch index % 3 {
            case 0: request = ["method": "GET", "url": "/api/v1/other/\(index).json"]
            case 1: request = ["method": "GET", "urlPathPattern": "/api/v1/items/\(index)/[a-z]+\\.json"]
            default:
                request = [
                    "method": "GET", "urlPath": "/api/v1/variants/\(index).json", "headers": ["X-Variant": ["equalTo": "v\(index)"]],
                ]
            }
            return ["request": request, "response": ["status": 200, "body": "stub \(index)"] as [String: Any]]
        }
    }

    /// `count` stubs on `stubPath` itself, each wanting an `X-Variant` header the measured
    /// requests do not send.
    static func variantStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            [
                "request": ["method": "GET", "urlPath": stubPath, "headers": ["X-Variant": ["equalTo": "v\(index)"]]] as [String: Any],
                "response": ["status": 200, "body": "variant \(index)"] as [String: Any],
            ]
        }
    }


    /// `count` newer stubs on `stubPath` itself, each wanting another body (`equalTo`): the
    /// measured GETs send none, so none of them matches.
    static func bodyVariantStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            [
                "request": ["method": "GET", "urlPath": stubPath, "bodyPatterns": [["equalTo": "variant \(index)"]]] as [String: Any],
                "response": ["status": 200, "body": "body variant \(index)"] as [String: Any],
            ]
        }
    }

    /// `count` POST stubs on other paths matching their bodies in the four ways real folders
    /// use most (`equalToJson`, `matches`, `matchesJsonPath`, `contains`).
    static func bodyMatchingStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            let pattern: [String: Any]
            switch index % 4 {
            case 0: pattern = ["equalToJson": ["order": index, "items": [1, 2, 3]], "ignoreExtraElements": true]
            case 1: pattern = ["matches": ".*\"order\": ?\(index)[,}].*"]
            case 2: pattern = ["matchesJsonPath": "$.items[?(@.order == \(index))]"]
            default: pattern = ["contains": "\"order-\(index)\""]
            }
            return [
                "request": ["method": "POST", "urlPath": "/api/v1/orders/\(index)", "bodyPatterns": [pattern]] as [String: Any],
                "response": ["status": 201, "body": "order \(index)"] as [String: Any],
            ]
        }
    }

    /// The body both JSON-matching stubs are measured with: a small order, as an app posts one.
    static let orderBody = #"{"order": {"id": 42, "customer": "c-7"}, "items": [{"sku": "a-1", "price": 5}, {"sku": "b-2", "price": 15}], "note": "leave at the door"}"#

    /// A POST to `path` whose body must equal ``orderBody`` as JSON (`equalToJson`, extra
    /// members allowed).
    static func equalToJsonStub(path: String) -> [String: Any] {
        [
            "request": [
                "method": "POST", "urlPath": path,
                "bodyPatterns": [[
                    "equalToJson": ["order": ["id": 42, "customer": "c-7"], "items": [["sku": "a-1", "price": 5], ["sku": "b-2", "price": 15]]],
                    "ignoreExtraElements": true,
                ] as [String: Any]],
            ] as [String: Any],
            "response": ["status": 200, "headers": ["Content-Type": "application/json"], "body": #"{"accepted": true}"#] as [String: Any],
        ]
    }

    /// A POST to `path` whose body has an item dearer than 10 (`matchesJsonPath` with a filter).
    static func matchesJsonPathStub(path: String) -> [String: Any] {
        [
            "request": [
                "method": "POST", "urlPath": path, "bodyPatterns": [["matchesJsonPath": "$.items[?(@.price > 10)]"]],
            ] as [String: Any],
            "response": ["status": 200, "headers": ["Content-Type": "application/json"], "body": #"{"found": true}"#] as [String: Any],
        ]
    }
}
