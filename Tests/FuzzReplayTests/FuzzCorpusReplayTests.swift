import Foundation
import FuzzHarness
import XCTest

/// Every file of `Fuzz/Corpus/<target>/` through its fuzz target's rules, in the ordinary build:
/// an input that once crashed or broke a rule stays fixed.
final class FuzzCorpusReplayTests: XCTestCase {
    /// `Fuzz/Corpus` at the repository's root.
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    func test_twitter_corpus() throws { try replay(.twitter) }
    func test_image_corpus() throws { try replay(.image) }
    func test_gif_corpus() throws { try replay(.gif) }
    func test_webp_corpus() throws { try replay(.webp) }
    func test_avif_corpus() throws { try replay(.avif) }
    func test_heic_corpus() throws { try replay(.heic) }
    func test_zoo_size_corpus() throws { try replay(.zooSize) }
    func test_query_corpus() throws { try replay(.query) }
    func test_admin_corpus() throws { try replay(.admin) }
    func test_stubs_corpus() throws { try replay(.stubs) }
    func test_jsonpath_corpus() throws { try replay(.jsonpath) }
    func test_templates_corpus() throws { try replay(.templates) }

    /// Each target has a seeded corpus, and no target's corpus is left out of the tests above.
    func test_every_target_has_a_corpus() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertEqual(names, FuzzTarget.allCases.map(\.rawValue).sorted())
    }

    private func replay(_ target: FuzzTarget, file: StaticString = #filePath, line: UInt = #line) throws {
        let directory = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 3, "the \(target) corpus has too few seeds", file: file, line: line)
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            if let problem = target.check(data) {
                XCTFail("\(target.rawValue)/\(name): \(problem)", file: file, line: line)
            }
        }
    }
}
