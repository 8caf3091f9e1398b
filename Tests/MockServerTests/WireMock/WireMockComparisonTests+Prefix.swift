import Foundation
import XCTest

/// An app's own query parameters on a stub's path (mappings/prefix/), and stubs of one path
/// that differ by exact header and query values, which mockserver files by those values.
extension WireMockComparisonTests {
    /// WireMock ignores a query parameter a `urlPath` or `urlPathPattern` stub does not list;
    /// so does mockserver, whatever the parameter's name: `status`, `type` and `delay` are the
    /// app's here, not faults (`fault.NAME` is, which WireMock has no counterpart for).
    func test_appQueryParameters_onAStubsPath_areServedAsWireMockServesThem() throws {
        try assertAnswers([
            StubProbe("GET", "/wm/prefix/posts?status=publish", body: "posts"),
            StubProbe("GET", "/wm/prefix/posts?status=publish&type=post&per_page=10", body: "posts"),
            StubProbe("GET", "/wm/prefix/posts?status=503&reset=1&delay=abc", body: "posts"),
            StubProbe("GET", "/wm/prefix/products/12?status=any&type=simple", body: "product"),
            StubProbe("GET", "/wm/prefix/filter?status=publish", body: "published"),
            StubProbe("GET", "/wm/prefix/filter?status=draft", status: 404),
        ])
    }

    /// Stubs of one path told apart by exact header and query values: the same stub answers as
    /// in WireMock, which walks them all (the priority, then the newest, wins).
    func test_exactValueVariants_pickTheStubWireMockPicks() throws {
        try assertAnswers([
            StubProbe("GET", "/wm/prefix/variants", body: "plain"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["X-Variant: a"], body: "variant a"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["x-variant: a"], body: "variant a"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["X-Variant: A"], body: "plain"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["X-Variant: b"], body: "plain"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["X-Variant: b", "Accept: application/json"], body: "variant b, JSON"),
            StubProbe("GET", "/wm/prefix/variants", headers: ["X-Variant: c"], body: "variant c"),
            StubProbe("GET", "/wm/prefix/variants?page=2", headers: ["X-Variant: c"], body: "variant c, page 2"),
            StubProbe("GET", "/wm/prefix/variants?page=3", headers: ["X-Variant: c"], body: "variant c"),
        ])
    }
}
