import Contracts
import Testing

/// Runs each contract against its broken twin and requires a violation from every one (an
/// issue names each contract a twin kept); prints each violation as a measurement for
/// CONFORMANCE.md. By default side by side (each check has its own server or folder, and a
/// twin is far off its rule) — though live checks still pass the contract gate one at a time;
/// `concurrently: false` runs them in order, for suites whose twins need the cores to themselves.
func expectEachTwinBreaksItsContract<Subject: Sendable>(
    _ pairs: [(contract: Contract<Subject>, twin: Subject)], name: (Subject) -> String, concurrently: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    var violations: [Int: ContractViolation?] = [:]
    if concurrently {
        violations = await withTaskGroup(of: (Int, ContractViolation?).self) { group in
            for (index, pair) in pairs.enumerated() {
                group.addTask { (index, await pair.contract.check(pair.twin)) }
            }
            return await group.reduce(into: [Int: ContractViolation?]()) { $0[$1.0] = $1.1 }
        }
    } else {
        for (index, pair) in pairs.enumerated() {
            violations[index] = await pair.contract.check(pair.twin)
        }
    }
    for (index, pair) in pairs.enumerated() {
        let violation = violations[index] ?? nil
        let twin = name(pair.twin)
        #expect(violation != nil, "\(pair.contract.id) passed for \(twin), which breaks it", sourceLocation: sourceLocation)
        #expect(violation?.contract == pair.contract.id, sourceLocation: sourceLocation)
        if let violation { print("measured: \(twin) ✗ \(violation)") }
    }
}
