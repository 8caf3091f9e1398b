import Foundation
import TestSupport
import XCTest

/// The `/__admin` API of both servers: what WireMock's own admin clients rely on.
extension WireMockComparisonTests {
    func test_adminMappings_addListAndDelete_answerAsWireMockDoes() throws {
        var shapes: [StubServerProcess.Kind: Set<String>] = [:]
        for server in try running() {
            let who = server.kind.rawValue
            // Given a stub added at run time
            let added = post(server, "/__admin/mappings", #"{"request":{"method":"GET","url":"/wm/admin/added"},"response":{"status":202,"body":"added"}}"#)
            XCTAssertEqual(added.status, 201, "\(who): POST /__admin/mappings")
            let mapping = try XCTUnwrap(added.json, "\(who): \(String(decoding: added.body, as: UTF8.self))")
            let id = try XCTUnwrap(mapping["id"] as? String, "\(who): id")
            XCTAssertNotNil(UUID(uuidString: id), "\(who): the id is a UUID: \(id)")
            XCTAssertEqual(mapping["uuid"] as? String, id, "\(who): uuid repeats the id")
            XCTAssertEqual((mapping["request"] as? [String: Any])?["url"] as? String, "/wm/admin/added", who)
            XCTAssertEqual((mapping["response"] as? [String: Any])?["status"] as? Int, 202, who)
            shapes[server.kind] = Set(mapping.keys)

            // Then it answers, and the list shows it
            XCTAssertEqual(CurlClient().request(server.url("/wm/admin/added")).status, 202, who)
            let list = CurlClient().request(server.url("/__admin/mappings"))
            XCTAssertEqual(list.status, 200, who)
            let listing = try XCTUnwrap(list.json, who)
            let mappings = try XCTUnwrap(listing["mappings"] as? [[String: Any]], "\(who): mappings")
            XCTAssertEqual((listing["meta"] as? [String: Any])?["total"] as? Int, mappings.count, "\(who): meta.total")
            XCTAssertTrue(mappings.contains { $0["id"] as? String == id }, "\(who): the added stub is listed")
            for entry in mappings {
                XCTAssertNotNil(entry["id"] as? String, "\(who): every listed stub has an id")
                XCTAssertNotNil(entry["request"] as? [String: Any], "\(who): and a request")
            }

            // When it is deleted, it is gone; a second delete is a 404
            XCTAssertEqual(CurlClient().request(server.url("/__admin/mappings/\(id)"), method: "DELETE").status, 200, who)
            XCTAssertEqual(CurlClient().request(server.url("/wm/admin/added")).status, 404, who)
            XCTAssertEqual(CurlClient().request(server.url("/__admin/mappings/\(id)"), method: "DELETE").status, 404, who)
        }
        if let reference = shapes[.wireMock], let ours = shapes[.mockServer] {
            XCTAssertEqual(ours, reference, "the POST answer's fields, mockserver vs WireMock")
        }
    }

    func test_adminMappings_badMapping_gets422InWireMocksErrorShape_andNothingIsLost() throws {
        let cases: [(body: String, pointer: String?)] = [
            (#"{"request":{"method":"GET","url":"/wm/bad"},"response":{"status":"abc"}}"#, "/response/status"),
            (#"{"request":{"method":"GET","url":"/wm/bad"},"response":{"status":200},"bogus":1}"#, "/bogus"),
            (#"{"request":{"method":"GET","urlPathPattern":"(["},"response":{"status":200}}"#, "/request"),
            ("not json", nil),
        ]
        for server in try running() {
            let who = server.kind.rawValue
            let before = CurlClient().request(server.url("/__admin/mappings")).json?["mappings"] as? [Any]
            for (body, pointer) in cases {
                let answer = post(server, "/__admin/mappings", body)
                XCTAssertEqual(answer.status, 422, "\(who): \(body)")
                // WireMock: `application/json`; mockserver adds `; charset=utf-8`.
                XCTAssertEqual(answer.headers["content-type"]?.prefix(while: { $0 != ";" }), "application/json", "\(who): \(body)")
                let errors = answer.json?["errors"] as? [[String: Any]]
                let first = try XCTUnwrap(errors?.first, "\(who): \(body): \(String(decoding: answer.body, as: UTF8.self))")
                XCTAssertNotNil(first["code"] as? Int, "\(who): errors[0].code")
                XCTAssertNotNil(first["title"] as? String, "\(who): errors[0].title")
                XCTAssertFalse((first["detail"] as? String ?? "").isEmpty, "\(who): errors[0].detail says why")
                let source = first["source"] as? [String: Any]
                XCTAssertNotNil(source, "\(who): errors[0].source")
                if let pointer {
                    // mockserver may point further in (`/request/urlPathPattern` where WireMock
                    // says `/request`), never elsewhere.
                    let said = source?["pointer"] as? String ?? ""
                    XCTAssertTrue(said == pointer || said.hasPrefix(pointer + "/"), "\(who): \(body): pointer \(said)")
                }
            }
            let after = CurlClient().request(server.url("/__admin/mappings")).json?["mappings"] as? [Any]
            XCTAssertEqual(after?.count, before?.count, "\(who): no stub lost, none added")
            XCTAssertEqual(CurlClient().request(server.url("/wm/json")).status, 200, who)
        }
    }

    func test_adminMappingsReset_removesRuntimeStubs_andKeepsTheFiles() throws {
        for server in try running() {
            let who = server.kind.rawValue
            let added = post(server, "/__admin/mappings", #"{"request":{"method":"GET","url":"/wm/admin/temporary"},"response":{"status":200}}"#)
            XCTAssertEqual(added.status, 201, who)
            XCTAssertEqual(CurlClient().request(server.url("/wm/admin/temporary")).status, 200, who)

            XCTAssertEqual(post(server, "/__admin/mappings/reset", "").status, 200, who)

            XCTAssertEqual(CurlClient().request(server.url("/wm/admin/temporary")).status, 404, who)
            XCTAssertEqual(CurlClient().request(server.url("/wm/json")).status, 200, "\(who): the files' stubs stay")
        }
    }

    func test_adminScenarios_listsEachScenarioWithItsState() throws {
        for server in try running() {
            let who = server.kind.rawValue
            XCTAssertEqual(post(server, "/__admin/scenarios/reset", "").status, 200, who)
            let answer = CurlClient().request(server.url("/__admin/scenarios"))
            XCTAssertEqual(answer.status, 200, who)
            let scenarios = try XCTUnwrap(answer.json?["scenarios"] as? [[String: Any]], who)
            let login = try XCTUnwrap(scenarios.first { $0["name"] as? String == "Flaky login" }, who)
            XCTAssertEqual(login["state"] as? String, "Started", who)
            XCTAssertEqual(Set(login["possibleStates"] as? [String] ?? []), ["Started", "Recovered"], who)
        }
    }

    func test_testbedMetadata_loadsInWireMock_andOnlyTestbedAppliesItsFaults() throws {
        for server in try running() {
            let who = server.kind.rawValue
            let listing = CurlClient().request(server.url("/__admin/mappings")).json?["mappings"] as? [[String: Any]] ?? []
            let stub = listing.first { ($0["request"] as? [String: Any])?["url"] as? String == "/wm/testbed/slow" }
            let metadata = try XCTUnwrap(stub?["metadata"] as? [String: Any], "\(who) loaded the mapping with its metadata")
            XCTAssertEqual((metadata["testbed"] as? [String: Any])?["faults"] as? String, "delay=300", who)

            let answer = CurlClient().request(server.url("/wm/testbed/slow"))
            XCTAssertEqual(answer.status, 200, who)
            XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "slow only in Testbed", who)
            if server.kind == .mockServer {
                XCTAssertGreaterThanOrEqual(answer.elapsed, 0.29, "mockserver applies metadata.testbed.faults (delay=300)")
            }
        }
    }

    /// WireMock's own Python admin client (the PyPI package the jar comes from) adds, reads,
    /// lists, calls, deletes and resets through each server's admin API.
    func test_wireMocksPythonAdminClient_worksAgainstBoth() throws {
        let python = WireMockJar.packageRoot.appendingPathComponent(".build-wiremock/venv/bin/python")
        let script = WireMockJar.packageRoot.appendingPathComponent("Tests/Fixtures/WireMockClient/admin_client_check.py")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: python.path), "run `bash ci/wiremock-venv.sh` (make test does)")
        for server in try running() {
            let child = try ChildProcess(python, [script.path, server.base.absoluteString])
            let status = child.waitForExit(timeout: 60)
            XCTAssertEqual(status, 0, "\(server.kind.rawValue): \(child.standardOutput)\(child.standardError)")
            XCTAssertEqual(child.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "ok", server.kind.rawValue)
        }
    }

    private func post(_ server: StubServerProcess, _ path: String, _ body: String) -> CurlResult {
        CurlClient().request(
            server.url(path), method: "POST", headers: ["Content-Type: application/json"], body: Data(body.utf8))
    }
}
