import Contracts
import Foundation

/// The columns of other projects' implementations, which ThirdPartyConformance (a package of its
/// own, so that `make test` never builds swift-nio) runs and writes as JSON; `make conformance`
/// passes that file in `CONFORMANCE_THIRD_PARTY`.
///
/// The committed matrix must have these columns (``expected``); their cells are what each client
/// did, with nothing expected of them. Without the file, each cell reads "not run here", which
/// only a run that writes the matrix would show.
enum ThirdPartyResults {
    /// Per suite title, the third-party columns the matrix has, in order.
    static let expected: [String: [String]] = [
        "HTTPClient": ["AsyncHTTPClient", "AsyncHTTPClient (retries)"]
    ]

    /// One column as ThirdPartyConformance writes it.
    struct Column: Decodable {
        var suite: String
        var implementation: String
        var results: [Result]

        struct Result: Decodable {
            var id: String
            var violation: String?
        }
    }

    /// The file's columns, read once; empty without `CONFORMANCE_THIRD_PARTY`.
    static let loaded: [Column] = {
        guard let path = ProcessInfo.processInfo.environment["CONFORMANCE_THIRD_PARTY"] else { return [] }
        do {
            return try JSONDecoder().decode([Column].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            FileHandle.standardError.write(Data("conformance: cannot read \(path): \(error)\n".utf8))
            return []
        }
    }()

    /// The third-party implementations of suite `title`, whose check `index` reports the result
    /// the file holds for contract `ids[index]`.
    static func columns(for title: String, ids: [String]) -> [ConformanceMatrix.Implementation] {
        (expected[title] ?? []).map { name in
            let column = loaded.first { $0.suite == title && $0.implementation == name }
            let observed: [String?] = ids.map { id in
                guard let column else { return "not run here: make conformance runs ThirdPartyConformance first" }
                guard let result = column.results.first(where: { $0.id == id }) else { return "no result for \(id) in the third-party run" }
                return result.violation
            }
            return ConformanceMatrix.Implementation(name: name, breaks: [], isThirdParty: true) { index in
                observed[index].map { ContractViolation(contract: ids[index], rule: "", observed: $0) }
            }
        }
    }
}
