import XCTest

@testable import MockServer

/// `randomValue`, `randomInt`, `randomDecimal`, `pickRandom`: the shapes WireMock draws, values
/// that repeat for a seed, bounds kept over many draws, and bad arguments as typed errors.
final class RandomHelpersTests: XCTestCase {
    private func assertShape(_ source: String, _ pattern: String, file: StaticString = #filePath, line: UInt = #line) {
        for seed: UInt64 in [1, 2, 3] {
            let output = (try? HelperRendering.render(source, seed: seed)) ?? "(failed)"
            XCTAssertNotNil(output.range(of: "^(?:\(pattern))$", options: .regularExpression), "\(source) → \(output)", file: file, line: line)
        }
    }

    func test_randomValue_drawsEachTypesAlphabet_inLowerCaseUnlessAsked() {
        assertShape("{{randomValue}}", "[a-z0-9]{36}")
        assertShape("{{randomValue length=10 type='ALPHANUMERIC' uppercase=true}}", "[A-Z0-9]{10}")
        assertShape("{{randomValue length=8 type='ALPHABETIC'}}", "[a-z]{8}")
        assertShape("{{randomValue length=6 type='NUMERIC'}}", "[0-9]{6}")
        assertShape("{{{randomValue length=40 type='ALPHANUMERIC_AND_SYMBOLS'}}}", "(?:(?![A-Z])[!-}]){40}")
        assertShape("{{randomValue length=16 type='HEXADECIMAL' uppercase=true}}", "[0-9A-F]{16}")
        assertShape("{{randomValue type='UUID'}}", "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
        assertShape("{{{randomValue length=30 type='other'}}}", "[ -~]{30}")
        XCTAssertEqual(try HelperRendering.render("[{{randomValue length=0}}]"), "[]")
    }

    func test_randomHelpers_repeatForASeed_andDifferAcrossSeeds() throws {
        let source = "{{randomValue}} {{randomInt}} {{randomDecimal}} {{pickRandom (range 1 100)}}"
        XCTAssertEqual(try HelperRendering.render(source, seed: 42), try HelperRendering.render(source, seed: 42))
        XCTAssertNotEqual(try HelperRendering.render(source, seed: 42), try HelperRendering.render(source, seed: 43))
    }

    func test_randomInt_staysWithinLowerIncludedUpperExcluded() throws {
        var seen: Set<String> = []
        for seed: UInt64 in 0..<200 {
            seen.insert(try HelperRendering.render("{{randomInt lower=5 upper=8}}", seed: seed))
        }
        XCTAssertEqual(seen, ["5", "6", "7"])
        let whole = try HelperRendering.render("{{randomInt}}")
        XCTAssertNotNil(Int32(whole), whole)
        XCTAssertEqual(try HelperRendering.render("{{randomInt lower='10' upper='11'}}"), "10")
    }

    func test_randomDecimal_staysWithinItsBounds() throws {
        for seed: UInt64 in 0..<100 {
            let value = try XCTUnwrap(Double(try HelperRendering.render("{{randomDecimal lower=-2.5 upper=1.25}}", seed: seed)))
            XCTAssertTrue((-2.5..<1.25).contains(value), "\(value)")
        }
        let huge = try XCTUnwrap(Double(try HelperRendering.render("{{randomDecimal}}")))
        XCTAssertGreaterThan(huge, 0)
    }

    func test_pickRandom_picksOneOfItsValuesOrOfAList() throws {
        var seen: Set<String> = []
        for seed: UInt64 in 0..<100 {
            seen.insert(try HelperRendering.render("{{pickRandom 'red' 'green' 'blue'}}", seed: seed))
            XCTAssertTrue(["a", "b"].contains(try HelperRendering.render("{{pickRandom request.query.tag}}", seed: seed)))
        }
        XCTAssertEqual(seen, ["red", "green", "blue"])
        XCTAssertEqual(try HelperRendering.render("{{pickRandom 7}}"), "7")
    }

    func test_badArguments_areTypedErrors_andHugeLengthsHitTheBudget() {
        HelperRendering.assertBadArgument("randomValue", [
            "{{randomValue length=-1}}", "{{randomValue length='5'}}", "{{randomValue uppercase='yes'}}", "{{randomValue type=5}}",
        ])
        HelperRendering.assertBadArgument("randomInt", ["{{randomInt lower=5 upper=5}}", "{{randomInt lower='x'}}", "{{randomInt upper=(array 1)}}"])
        HelperRendering.assertBadArgument("randomDecimal", ["{{randomDecimal lower=2 upper=1}}", "{{randomDecimal lower='x'}}"])
        HelperRendering.assertBadArgument("pickRandom", ["{{pickRandom}}", "{{pickRandom (array)}}", "{{pickRandom 'a' missing}}"])
        XCTAssertEqual(HelperRendering.error("{{randomValue length=50000000}}")?.kind, .limit)
    }
}
