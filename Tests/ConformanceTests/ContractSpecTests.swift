import Contracts
import Foundation
import ImageCache
import XCTest

/// The spec protocols are for XCTest adopters (our own conformance runs under Swift Testing):
/// each must declare one `test_…` requirement per contract of its suite, named after the
/// contract's id, so an adopter's class lists every rule.
final class ContractSpecTests: XCTestCase {
    /// Contracts/ in this repository, found from this file's place in it.
    static let contracts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Contracts")

    /// Each suite's spec protocol file and its contracts' ids.
    static let specs: [(file: String, ids: [String])] = [
        ("HTTPClient/HTTPClientContractSpec.swift", HTTPClientContracts.all.map(\.id)),
        ("ImageCaching/ImageCachingContractSpec.swift", ImageCachingContracts.all.map(\.id)),
        ("DiskCaching/DiskCachingContractSpec.swift", DiskCachingContracts.all.map(\.id)),
        ("ImageLoading/ImageLoadingContractSpec.swift", ImageLoadingContracts.all.map(\.id)),
        ("TweetStore/TweetStoreContractSpec.swift", TweetStoreContracts.all.map(\.id)),
        ("FeedSource/FeedSourceContractSpec.swift", FeedSourceContracts.all.map(\.id)),
        ("GalleryRules/GalleryRulesContractSpec.swift", GalleryRulesContracts.all.map(\.id)),
        ("FeedRules/FeedRulesContractSpec.swift", FeedRulesContracts.all.map(\.id)),
    ]

    func test_everySuiteHasASpecProtocol() {
        XCTAssertEqual(Self.specs.count, ConformanceMatrix.suites.count)
        XCTAssertEqual(Self.specs.map(\.ids), ConformanceMatrix.suites.map(\.ids))
    }

    func test_everySpecProtocol_declaresOneMethodPerContractInTheSuitesOrder() throws {
        for spec in Self.specs {
            let text = try String(contentsOf: Self.contracts.appendingPathComponent(spec.file), encoding: .utf8)
            XCTAssertEqual(Self.requirements(in: text), spec.ids.map(Self.methodName), spec.file)
        }
    }

    /// The check above notices a spec protocol that misses a contract.
    func test_requirements_noticeAMissingMethod() throws {
        let text = try String(contentsOf: Self.contracts.appendingPathComponent(Self.specs[1].file), encoding: .utf8)
        let missing = text.replacingOccurrences(of: "func test_memory_lruEviction() async\n", with: "")
        XCTAssertNotEqual(Self.requirements(in: missing), Self.specs[1].ids.map(Self.methodName))
    }

    /// `http.bodyIntact` → `test_http_bodyIntact`.
    static func methodName(_ id: String) -> String {
        "test_" + id.replacingOccurrences(of: ".", with: "_")
    }

    /// The names of the `func test_…() async` requirements in a spec protocol's source, in order;
    /// those inside `#if TESTBED_SCRATCH_RULE` (ci/adopter.sh's scratch rule, absent from this
    /// build's suites) are left out.
    static func requirements(in source: String) -> [String] {
        var inScratch = false
        return source.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "#if TESTBED_SCRATCH_RULE" { inScratch = true }
            if trimmed == "#endif" { inScratch = false }
            guard !inScratch, trimmed.hasPrefix("func test_"), let open = trimmed.firstIndex(of: "(") else { return nil }
            return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<open])
        }
    }
}

/// One spec protocol adopted the XCTest way, as an adopter would (Examples/ContractAdopter does
/// the same): our memory cache through ``ImageCachingContractSpec`` and `assertKeeps`.
final class MemoryImageCacheSpecTests: XCTestCase, ImageCachingContractSpec {
    let subject = Conformance.ImageCachingSuite.ours

    func test_memory_limitNeverExceeded() async { await assertKeeps(ImageCachingContracts.limitNeverExceeded, subject) }
    func test_memory_lruEviction() async { await assertKeeps(ImageCachingContracts.lruEviction, subject) }
    func test_memory_oversizeRefused() async { await assertKeeps(ImageCachingContracts.oversizeRefused, subject) }
    func test_memory_costIsDecodedBytes() async { await assertKeeps(ImageCachingContracts.costIsDecodedBytes, subject) }
    func test_memory_trimAndRemoveAll() async { await assertKeeps(ImageCachingContracts.trimAndRemoveAll, subject) }
}
