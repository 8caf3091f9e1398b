import Foundation
@testable import MockServer

/// Reads the bytes as a WireMock mapping document: either a ``StubError`` naming a field, or
/// stubs that list and read back as themselves, and that the matcher (with its near-miss report)
/// handles without trapping.
enum StubFuzz {
    static func check(_ data: Data) -> String? {
        let stubs: [Stub]
        do {
            stubs = try StubParser.stubs(from: data)
        } catch {
            return error.reason.isEmpty ? "a refusal without a reason: \(error)" : nil
        }
        let store = StubStore()
        for stub in stubs {
            guard let again = try? Stub(json: stub.json.data), again == stub else {
                return "stub \(stub.id) does not read back as itself from its own listing"
            }
            try? store.add(stub)
        }
        let text = String(decoding: data.prefix(64), as: UTF8.self)
        let request = StubRequestInfo(
            method: "GET", path: "/" + text, query: QueryParameters(pairs: [(name: "q", value: text)]),
            headers: [(name: "Accept", value: text)])
        _ = store.match(request)
        _ = store.nearMissReport(for: request)
        return nil
    }
}
