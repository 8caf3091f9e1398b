import ContractsImageCaching
import SimpleCaches
import XCTest

/// ``SimpleImageCache`` keeps every ImageCaching rule: adopted through XCTest with the recipe
/// that new rules do not break (docs/CONTRACTS.md). One method runs the suite's `all` and
/// reports each violation as its own failure naming the rule, so a rule a later Testbed adds
/// is checked here with no change to this file (`ci/adopter.sh` proves it with a scratch rule).
final class SimpleImageCacheContractTests: XCTestCase {
    let subject = ImageCachingSubject(name: "SimpleImageCache") { SimpleImageCache(costLimit: $0) }

    func test_keepsEveryImageCachingRule() async {
        await assertKeepsAll(ImageCachingContracts.all, subject)
    }
}
