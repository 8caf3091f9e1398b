// Runs Testbed's HTTPClient suite against AsyncHTTPClient (through AsyncHTTPClientAdapter) and
// writes the results as JSON for the conformance matrix:
//
//     third-party-conformance OUTPUT.json
//
// Each implementation becomes one column of the HTTPClient table in docs/CONFORMANCE.md; a line on
// standard error reports each contract as it finishes. Exit status 0 whatever the results (a
// third-party client may break rules); 2 when the output cannot be written.
import AsyncHTTPClientAdapter
import ContractsHTTPClient
import Foundation
import Networking

/// One column of the matrix, as `make conformance` reads it.
struct Column: Codable {
    /// The suite's title in the matrix.
    var suite: String
    /// The implementation's name.
    var implementation: String
    /// What differs from the other columns, for the notes under the table.
    var note: String
    /// One entry per contract, in the suite's order.
    var results: [Result]

    struct Result: Codable {
        var id: String
        /// What was observed; nil when the rule held.
        var violation: String?
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: third-party-conformance OUTPUT.json\n".utf8))
    exit(2)
}

let subjects: [(subject: HTTPClientSubject, note: String)] = [
    (
        AsyncHTTPClientSubjects.subject(name: "AsyncHTTPClient", retriesConnections: false),
        "AsyncHTTPClient 1.37 through AsyncHTTPClientAdapter, with retryConnectionEstablishment off"
    ),
    (
        AsyncHTTPClientSubjects.subject(name: "AsyncHTTPClient (retries)", retriesConnections: true),
        "the same with AsyncHTTPClient's default, retryConnectionEstablishment on"
    ),
]

var columns: [Column] = []
for (subject, note) in subjects {
    var results: [Column.Result] = []
    for contract in HTTPClientContracts.all {
        let started = ContinuousClock.now
        let violation = await contract.check(subject)
        let seconds = (ContinuousClock.now - started).seconds
        let verdict = violation.map { "✗ \($0.observed)" } ?? "✓"
        FileHandle.standardError.write(Data("third-party-conformance: \(subject.name) \(contract.id) \(verdict) (\(String(format: "%.1f", seconds)) s)\n".utf8))
        results.append(Column.Result(id: contract.id, violation: violation?.observed))
    }
    columns.append(Column(suite: "HTTPClient", implementation: subject.name, note: note, results: results))
}

do {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(columns).write(to: URL(fileURLWithPath: output))
    FileHandle.standardError.write(Data("third-party-conformance: wrote \(output)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("third-party-conformance: cannot write \(output): \(error)\n".utf8))
    exit(2)
}
