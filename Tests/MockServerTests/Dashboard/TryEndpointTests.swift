import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// `POST /__admin/try`: the server fetches a URL of its own main port and says what came back,
/// in the words a browser cannot give (refused, reset, cut, stalled); it is never an open proxy.
final class TryEndpointTests: ServerTestCase {
    private func tryIt(_ body: String) -> CurlResult {
        HTTP.post(server.adminURL.appendingPathComponent("__admin/try"), json: body, timeout: 15)
    }

    private func probe(_ pathAndQuery: String, timeout: Int = 5000) throws -> [String: Any] {
        let answer = tryIt(#"{"url": "\#(server.baseURL.absoluteString)\#(pathAndQuery)", "timeout": \#(timeout)}"#)
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        return try XCTUnwrap(answer.json, String(decoding: answer.body, as: UTF8.self))
    }

    func test_try_reportsStatusBytesTimeAndOutcome() throws {
        let fine = try probe("/gallery.json")
        XCTAssertEqual(fine["status"] as? Int, 200)
        XCTAssertEqual(fine["outcome"] as? String, "ok")
        XCTAssertTrue((fine["body"] as? String)?.hasPrefix(#"{"images":["#) == true)
        XCTAssertEqual(fine["bytes"] as? Int, (fine["body"] as? String)?.utf8.count)
        XCTAssertNotNil(fine["ms"] as? Int)

        let image = try probe("/images/1.png?w=16&h=8")
        XCTAssertEqual(image["contentType"] as? String, "image/png")
        let png = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(image["bodyBase64"] as? String)))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        let failing = try probe("/images/1.png?status=503")
        XCTAssertEqual(failing["status"] as? Int, 503)
        XCTAssertEqual(failing["outcome"] as? String, "ok")
    }

    func test_try_namesTheWireFaults() throws {
        let reset = try probe("/images/1.png?reset=1")
        XCTAssertEqual(reset["outcome"] as? String, "reset")
        XCTAssertEqual(reset["status"] as? Int, 0)
        XCTAssertEqual(reset["curlCode"] as? Int, 56)

        let cut = try probe("/images/1.png?w=64&h=64&truncate=100")
        XCTAssertEqual(cut["outcome"] as? String, "cut")
        XCTAssertEqual(cut["bytes"] as? Int, 100)

        let stalled = try probe("/images/1.png?w=64&h=64&stall_after=10", timeout: 300)
        XCTAssertEqual(stalled["outcome"] as? String, "stalled")
        XCTAssertEqual(stalled["bytes"] as? Int, 10)
        XCTAssertGreaterThanOrEqual(stalled["ms"] as? Int ?? 0, 290)

        try server.setOffline(true)
        let refused = try probe("/health")
        XCTAssertEqual(refused["outcome"] as? String, "refused")
        XCTAssertEqual(refused["curlCode"] as? Int, 7)
    }

    func test_try_isARealRequest_inTheJournal() throws {
        _ = try probe("/health?probed=1")
        XCTAssertEqual(server.requests.map(\.query), ["probed=1"])
    }

    func test_try_isNeverAnOpenProxy() throws {
        let main = server.port
        let admin = try XCTUnwrap(server.adminURL.port)
        let refused = [
            #"{"url": "http://example.com:\#(main)/"}"#,
            #"{"url": "http://10.0.0.1:\#(main)/"}"#,
            #"{"url": "http://127.0.0.1:\#(admin)/__admin/requests"}"#,
            #"{"url": "http://127.0.0.1:1/"}"#,
            #"{"url": "https://127.0.0.1:\#(main)/"}"#,
            #"{"url": "file:///etc/passwd"}"#,
            #"{"url": "http://127.0.0.1:\#(main)@example.com/"}"#,
            #"{"url": "http://user:pass@127.0.0.1:\#(main)/"}"#,
            #"{"url": "/health"}"#,
            #"{"url": 1}"#,
            #"{"url": "http://127.0.0.1:\#(main)/", "timeout": 0}"#,
            #"{"url": "http://127.0.0.1:\#(main)/", "timeout": true}"#,
            #"{"url": "http://127.0.0.1:\#(main)/", "timeout": 1.5}"#,
            "not json",
        ]
        for body in refused {
            let answer = tryIt(body)
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertNotNil(answer.json?["valid"] as? String, body)
        }
        XCTAssertEqual(server.requests.count, 0, "nothing was fetched")
        XCTAssertEqual(tryIt(#"{"url": "http://localhost:\#(main)/health"}"#).status, 200, "loopback names are this server")
    }

    func test_try_answersPOSTOnly() {
        let answer = HTTP.get(server.adminURL.appendingPathComponent("__admin/try"))
        XCTAssertEqual(answer.status, 405)
        XCTAssertEqual(answer.headers["allow"], "POST")
    }
}
