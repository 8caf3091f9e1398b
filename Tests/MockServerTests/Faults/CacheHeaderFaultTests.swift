import Foundation
import XCTest

@testable import MockServer

/// `cache=VALUE`: another `Cache-Control` than the default `no-store`.
final class CacheHeaderFaultTests: ServerTestCase {
    func test_default_isNoStore_onEveryAnswer() {
        XCTAssertEqual(get("/images/1.png?w=8&h=8").headers["cache-control"], "no-store")
        XCTAssertEqual(get("/nothing").headers["cache-control"], "no-store")
    }

    func test_cache_replacesNoStore() {
        let result = get("/images/1.png?w=8&h=8&cache=max-age=60")
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.headers["cache-control"], "max-age=60")
        let encoded = get("/gallery.json?cache=public,%20max-age=31536000,%20immutable")
        XCTAssertEqual(encoded.headers["cache-control"], "public, max-age=31536000, immutable")
    }

    func test_cache_appliesTo304s() throws {
        let tag = try XCTUnwrap(get("/health?conditional=1&cache=no-cache").headers["etag"])
        let result = get("/health?conditional=1&cache=no-cache", headers: ["If-None-Match: \(tag)"])
        XCTAssertEqual(result.status, 304)
        XCTAssertEqual(result.headers["cache-control"], "no-cache")
    }

    func test_badValue_is400_andNoHeaderIsInjected() {
        let result = get("/health?cache=max-age=60%0D%0AX-Injected:%201")
        XCTAssertEqual(result.status, 400)
        XCTAssertEqual(result.json?["parameter"] as? String, "cache")
        XCTAssertNil(result.headers["x-injected"])
        XCTAssertEqual(get("/health?cache=" + String(repeating: "a", count: 256)).status, 400)
        XCTAssertEqual(get("/health?cache=").status, 400)
    }
}
