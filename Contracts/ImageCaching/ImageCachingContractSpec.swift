import ContractsCore
/// Adopt in an `XCTestCase` to run the ImageCaching suite: the compiler lists the methods to
/// declare (XCTest on Linux only runs `test…` methods declared in the class itself), and each
/// body is one line: `await assertKeeps(ImageCachingContracts.lruEviction, subject)`.
public protocol ImageCachingContractSpec {
    /// The implementation under test.
    var subject: ImageCachingSubject { get }
    func test_memory_limitNeverExceeded() async
    func test_memory_lruEviction() async
    func test_memory_oversizeRefused() async
    func test_memory_costIsDecodedBytes() async
    func test_memory_trimAndRemoveAll() async
    #if TESTBED_SCRATCH_RULE
    // A new rule's requirement, as a release would add it: breaks every conformer's build
    // (ci/adopter.sh compiles it in to show that the `assertKeepsAll` recipe is not one).
    func test_memory_scratchRule() async
    #endif
}
