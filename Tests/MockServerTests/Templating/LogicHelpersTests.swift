import XCTest

@testable import MockServer

/// `contains`, `matches`, `eq`…`lte`, `and`, `or`, `not`: Java's equality and order, the block
/// forms, `yes=`/`no=`, and comparisons WireMock refuses as typed errors.
final class LogicHelpersTests: XCTestCase {
    func test_eq_isJavasEquality_numbersByValue_listsNeverEqualText() {
        HelperRendering.assertRenders([
            "{{eq 1 1}}": "true", "{{eq 1 1.0}}": "true", "{{eq 1 '1'}}": "false", "{{eq 'a' 'a'}}": "true",
            "{{eq true 'true'}}": "false", "{{eq (array 1 2) (array 1 2)}}": "true", "{{eq (array 1) (array 1.0)}}": "false",
            "{{eq missing missing}}": "true", "{{eq request.query.tag 'a'}}": "false", "{{eq request.path '/shop/books'}}": "false",
            "{{neq 1 2}}": "true", "{{neq 'a' 'a'}}": "false",
        ])
    }

    func test_order_comparesNumbersByValue_andTextByUTF16Units() {
        HelperRendering.assertRenders([
            "{{gt 2 1}}": "true", "{{gt 2 1.5}}": "true", "{{gt '10' '9'}}": "false", "{{gt 'b' 'a'}}": "true",
            "{{gt 'B' 'a'}}": "false", "{{gte 1 1}}": "true", "{{lt 1 2}}": "true", "{{lte 2 1}}": "false",
            "{{lte 'a' 'a'}}": "true", "{{gt true false}}": "true", "{{lt '\u{FF5E}' '\u{1F600}'}}": "false",
        ])
    }

    func test_order_ofValuesJavaCannotCompare_isABadArgument() {
        HelperRendering.assertBadArgument("gt", ["{{gt 'a' 1}}", "{{gt missing 3}}", "{{gt request.query.tag 'a'}}"])
        HelperRendering.assertBadArgument("lte", ["{{lte (array 1) 1}}"])
    }

    func test_andOrNot_followHandlebarsTruth_andYesNoReplaceTheBooleans() {
        HelperRendering.assertRenders([
            "{{and true false}}": "false", "{{and 'a' 'b'}}": "true", "{{and true 'x' 0}}": "false",
            "{{or true false}}": "true", "{{or '' 0}}": "false", "{{not true}}": "false", "{{not ''}}": "true",
            "{{not (eq 1 2)}}": "true", "{{eq 'a' 'a' yes='Y' no='N'}}": "Y", "{{eq 'a' 'b' yes='Y' no='N'}}": "N",
            "{{eq 1 2 yes='Y'}}": "false",
        ])
    }

    func test_conditionalBlocks_renderTheirBodyOrElse() {
        HelperRendering.assertRenders([
            "{{#eq 'a' 'a'}}yes{{else}}no{{/eq}}": "yes", "{{#neq 1 1}}yes{{else}}no{{/neq}}": "no",
            "{{#gt 1 2}}yes{{else}}no{{/gt}}": "no", "{{#lte 2 2}}yes{{/lte}}": "yes", "{{#and true 1}}yes{{/and}}": "yes",
            "{{#or 0 ''}}yes{{else}}no{{/or}}": "no", "{{#not false}}yes{{else}}no{{/not}}": "yes",
        ])
    }

    func test_contains_findsAListsValuesOrText_andItsBlockHasNoElse() {
        HelperRendering.assertRenders([
            "{{contains 'haystack' 'st'}}": "true", "{{contains (array 'a' 'b') 'b'}}": "true",
            "{{contains (array 'ab') 'a'}}": "false", "{{contains request.query.tag 'b'}}": "true",
            "{{contains 'abc' missing}}": "false", "{{#contains 'abc' 'b'}}yes{{else}}no{{/contains}}": "yes",
            "[{{#contains 'abc' 'x'}}yes{{else}}no{{/contains}}]": "[]",
            "{{{contains 'abc'}}}": "[ERROR: You must specify the string or array to be matched and the regular expression]",
        ])
        HelperRendering.assertBadArgument("contains", ["{{contains (array 1 2) 2}}", "{{contains 'abc' request.query.tag}}"])
    }

    func test_matches_wantsTheWholeText_andABadPatternIsABadArgument() {
        HelperRendering.assertRenders([
            "{{matches 'abc-123' '[a-z]+-[0-9]+'}}": "true", "{{matches 'abc' 'b'}}": "false",
            "{{matches 'ABC' '(?i)abc'}}": "true", "{{matches 'a|b' 'a|b'}}": "false", "{{matches 'ab' 'a|ab'}}": "true",
            "{{#matches 'abc' 'a.c'}}yes{{/matches}}": "yes", "[{{#matches 'abc' 'x'}}yes{{else}}no{{/matches}}]": "[]",
        ])
        HelperRendering.assertBadArgument("matches", ["{{matches 'abc' '[unclosed'}}", "{{matches missing 'a'}}", "{{matches 'a' 1}}"])
    }

    func test_matches_onTextOverTheRegexBound_isALimitError_notALongBacktrack() {
        let error = HelperRendering.error("{{matches (randomValue length=20000 type='NUMERIC') '(0|[0-9]+)+x'}}")
        XCTAssertEqual(error?.kind, .limit, "\(String(describing: error))")
        XCTAssertEqual(try HelperRendering.render("{{matches (randomValue length=100 type='NUMERIC') '[0-9]+'}}"), "true")
    }
}
