import ContractsCore
/// Adopt in an `XCTestCase` to run the disk-cache suite: the compiler lists the methods to
/// declare (XCTest on Linux only runs `test…` methods declared in the class itself), and each
/// body is one line: `await assertKeeps(DiskCachingContracts.survivesRestart, subject)`.
public protocol DiskCachingContractSpec {
    /// The implementation under test.
    var subject: DiskCachingSubject { get }
    func test_disk_limitNeverExceeded() async
    func test_disk_lruAcrossRestart() async
    func test_disk_survivesRestart() async
    func test_disk_noPartialFiles() async
    func test_disk_failedWriteDeliversNothingLost() async
}
