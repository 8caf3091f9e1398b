import XCTest

@testable import MockServer

/// `range`, `array`, `assign`, `size`, `join`, `split`: the lists WireMock builds and prints, the
/// variable `assign` sets, and the bound on how many elements a template may build.
final class ListsHelpersTests: XCTestCase {
    func test_range_listsTheWholeNumbersBetween_bothIncluded() {
        HelperRendering.assertRenders([
            "{{range 1 5}}": "[1, 2, 3, 4, 5]", "{{range '2' '4'}}": "[2, 3, 4]", "{{range 1.5 3}}": "[1, 2, 3]",
            "{{range 3 2}}": "[]", "{{#each (range 0 2)}}{{this}};{{/each}}": "0;1;2;",
            "{{range 1}}": "[ERROR: The range helper requires both lower and upper bounds as integer parameters]",
        ])
        HelperRendering.assertBadArgument("range", ["{{range 3 1}}", "{{range 'a' 2}}"])
    }

    func test_range_overTheStepBudget_endsInALimitError_notAHugeList() {
        let error = HelperRendering.error("{{#each (range 1 1000000)}}{{this}}{{/each}}")
        XCTAssertEqual(error?.kind, .limit, "\(String(describing: error))")
    }

    func test_array_listsItsArguments() {
        HelperRendering.assertRenders([
            "{{array 1 'two' 3.5}}": "[1, two, 3.5]", "{{array}}": "[]", "{{array missing 'x'}}": "[]",
            "{{size (array 1 (array 2 3))}}": "2", "{{array 'a' (array 1 2)}}": "[a, [1, 2]]",
        ])
        HelperRendering.assertBadArgument("array", ["{{array 'a' missing}}"])
    }

    func test_assign_keepsItsTrimmedBody_asAVariableLaterTagsRead() {
        HelperRendering.assertRenders([
            "{{#assign 'v'}}  padded {{request.query.tag}}  {{/assign}}[{{v}}]": "[padded a]",
            "{{#assign 'n'}}5{{/assign}}{{math n '+' 1}}": "6",
            "{{#assign 'v'}}a{{/assign}}{{#assign 'v'}}b{{/assign}}{{v}}": "b",
            "{{#each (array 'a' 'b')}}{{#assign 'last'}}{{this}}{{/assign}}{{/each}}{{last}}": "b",
            "{{assign 'v'}}[{{v}}]": "[]",
        ])
        HelperRendering.assertBadArgument("assign", ["{{#assign 5}}x{{/assign}}"])
    }

    func test_size_countsUTF16UnitsOrMembers() {
        HelperRendering.assertRenders([
            "{{size 'héllo'}}": "5", "{{size '😀'}}": "2", "{{size (array 1 2 3)}}": "3", "{{size request.query.tag}}": "2",
            "{{size request.path}}": "2", "{{size request.query}}": "1", "[{{size 5}}]": "[]",
        ])
        HelperRendering.assertBadArgument("size", ["{{size missing}}"])
    }

    func test_join_takesTheSeparatorLast_withPrefixAndSuffix() {
        HelperRendering.assertRenders([
            "{{join (array 'a' 'b' 'c') ', '}}": "a, b, c", "{{join 'x' 'y' 'z' '-'}}": "x-y-z",
            "{{join request.query.tag '|'}}": "a|b", "{{{join (array 1 2) ', ' prefix='[' suffix=']'}}}": "[1, 2]",
            "[{{join (array) ','}}]": "[]", "{{join 'a' ','}}": "a",
        ])
        HelperRendering.assertBadArgument("join", ["{{join (array 1 2)}}", "{{join (array 1 2) 3}}"])
    }

    func test_split_cutsTextAtEachSeparator() {
        HelperRendering.assertRenders([
            "{{split 'a,b,c' ','}}": "[a, b, c]", "{{#each (split 'a::b' '::')}}[{{this}}]{{/each}}": "[a][b]",
            "{{split 'a,,b,' ','}}": "[a, , b, ]", "{{size (split '' ',')}}": "1",
        ])
        HelperRendering.assertBadArgument("split", ["{{split 'a' ''}}", "{{split missing ','}}"])
    }
}
