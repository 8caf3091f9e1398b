import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// The dashboard's files: served on the admin port only, from the target's resources, with a
/// strict Content-Security-Policy; never on the main port; never journalled.
final class DashboardPageTests: ServerTestCase {
    private func admin(_ path: String) -> CurlResult {
        HTTP.get(URL(string: server.adminURL.absoluteString + path)!)
    }

    func test_adminPort_servesThePage_withAStrictPolicy_andNoInlineScript() throws {
        // When
        let page = admin("/")

        // Then
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        let policy = try XCTUnwrap(page.headers["content-security-policy"])
        for directive in ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"] {
            XCTAssertTrue(policy.contains(directive), "\(directive) in \(policy)")
        }
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertEqual(page.headers["x-content-type-options"], "nosniff")
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains(#"<script type="module" src="/__admin/dashboard/js/main.js"></script>"#))
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "one script, loaded from a file")
        XCTAssertFalse(html.contains(" style=\""), "no inline styles either")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no CDN: every file comes from this server")
    }

    func test_everyModule_thePageImports_isServedAsJavaScript_fromAnyWorkingDirectory() throws {
        // Given the module graph, from main.js
        var pending = ["js/main.js", "dashboard.css", "icon.svg"]
        var seen: Set<String> = []
        while let file = pending.popLast() {
            guard seen.insert(file).inserted else { continue }
            // When
            let answer = admin("/__admin/dashboard/\(file)")

            // Then
            XCTAssertEqual(answer.status, 200, file)
            XCTAssertEqual(answer.headers["x-content-type-options"], "nosniff", file)
            if file.hasSuffix(".js") {
                XCTAssertEqual(answer.headers["content-type"], "text/javascript; charset=utf-8", file)
                let source = String(decoding: answer.body, as: UTF8.self)
                XCTAssertFalse(source.contains("from 'http"), "no remote import in \(file)")
                let imports = source.matches(of: /from '\.\/([a-z-]+\.js)'/).map { "js/" + String($0.output.1) }
                pending += imports
            }
        }
        XCTAssertTrue(seen.isSuperset(of: ["js/status.js", "js/catalog.js", "js/builder.js", "js/stubs.js", "js/journal.js", "js/https.js"]), "\(seen)")
    }

    func test_mainPort_servesNeitherThePageNorItsFiles() {
        for path in ["/", "/__admin/dashboard/index.html", "/__admin/dashboard/js/main.js"] {
            let answer = get(path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertNil(answer.headers["content-security-policy"], path)
            XCTAssertFalse(String(decoding: answer.body, as: UTF8.self).contains("<html"), path)
        }
        XCTAssertTrue(String(decoding: get("/__admin/dashboard/index.html").body, as: UTF8.self).contains("admin port only"))
    }

    func test_onlyThePagesOwnFiles_areServed() throws {
        let port = try XCTUnwrap(server.adminURL.port)
        for path in ["/__admin/dashboard/js/nothing.js", "/__admin/dashboard/../Catalog.swift", "/__admin/dashboard/%2e%2e/Dashboard/Probe.swift",
                     "/__admin/dashboard/", "/__admin/dashboard/Page/index.html"] {
            let connection = try RawConnection(port: port, get: path)
            let reply = String(decoding: connection.readAll(timeout: 5).data, as: UTF8.self)
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 404"), "\(path): \(reply.prefix(80))")
        }
        XCTAssertEqual(
            CurlClient().request(URL(string: server.adminURL.absoluteString + "/")!, method: "POST", body: Data()).status, 405,
            "the page answers GET and HEAD")
    }

    func test_thePage_andItsFiles_areNotJournalled() {
        XCTAssertEqual(admin("/").status, 200)
        XCTAssertEqual(admin("/__admin/dashboard/js/main.js").status, 200)
        XCTAssertEqual(get("/health").status, 200)
        XCTAssertEqual(server.requests.map(\.path), ["/health"])
    }

    func test_foreignPages_cannotPostThroughTheDashboardsEndpoints() {
        let url = URL(string: server.adminURL.absoluteString + "/__admin/try")!
        let answer = CurlClient().request(
            url, method: "POST", headers: ["Origin: http://evil.example", "Content-Type: text/plain"],
            body: Data(#"{"url": "\#(server.baseURL.absoluteString)/health"}"#.utf8))
        XCTAssertEqual(answer.status, 403)
        XCTAssertEqual(server.requests.count, 0, "no probe was made")
    }

    func test_catalog_describesEachFaultsValues_andTheBoundAddresses() throws {
        // When
        let catalog = try XCTUnwrap(HTTP.get(server.adminURL.appendingPathComponent("__admin/catalog")).json)

        // Then
        let faults = try XCTUnwrap(catalog["faults"] as? [[String: Any]])
        XCTAssertEqual(faults.map { $0["parameter"] as? String }, Fault.Name.allCases.map(\.rawValue))
        let delay = try XCTUnwrap(faults.first { $0["parameter"] as? String == "delay" })
        XCTAssertEqual(delay["kind"] as? String, "integer")
        XCTAssertEqual(delay["minimum"] as? Int, 0)
        XCTAssertEqual(delay["maximum"] as? Int, 3_600_000)
        XCTAssertEqual(delay["unit"] as? String, "ms")
        XCTAssertEqual(faults.first { $0["parameter"] as? String == "reset" }?["kind"] as? String, "flag")
        XCTAssertEqual(faults.first { $0["parameter"] as? String == "type" }?["kind"] as? String, "mediaType")
        let bind = try XCTUnwrap(catalog["bind"] as? [String: String])
        XCTAssertEqual(bind["main"], "127.0.0.1:\(server.port)")
        XCTAssertEqual(bind["admin"], "127.0.0.1:\(server.adminURL.port ?? 0)")
    }
}
