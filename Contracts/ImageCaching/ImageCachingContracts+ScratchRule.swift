import ContractsCore

extension ImageCachingContracts {
    /// Rules compiled in only by a test build (`TESTBED_SCRATCH_RULE=1` in the environment of
    /// `swift build`; see `ci/adopter.sh`), standing for the next rule a release adds: the adopter
    /// example must still compile with it, and its XCTest recipe must run it and name it.
    /// Empty in every other build.
    static var scratchRules: [Contract<ImageCachingSubject>] {
        #if TESTBED_SCRATCH_RULE
        return [
            Contract<ImageCachingSubject>(
                id: "memory.scratchRule",
                rule: "A rule added after the adopter was written (compiled in by TESTBED_SCRATCH_RULE)."
            ) { _ in "the scratch rule is always violated, so that a run shows it was picked up" }
        ]
        #else
        return []
        #endif
    }
}
