import Testing

/// Our own conformance: every contract suite run under Swift Testing against our
/// implementations (one test per implementation, parameterized over the suite's `all`, each
/// case named after its contract) and against the broken twins, each of which must break the
/// rule it was built to break. The suites live in extensions, one file each.
///
/// `.serialized` (which holds for every nested suite and every parameterized case) keeps the
/// run as serial as the XCTest classes it replaces: several rules sample this process's
/// resident memory, and many measure deadlines in hundreds of milliseconds, so a check sharing
/// the two cores (or the heap) with another would measure the other. The broken twins of the
/// suites that allow it still run side by side, inside their one test (``expectEachTwinBreaksItsContract``).
@Suite(.serialized) struct Conformance {}
