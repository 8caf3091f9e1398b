import XCTest

@testable import MockServer

/// `trim`, `upper`, `lower`, `capitalize`, `base64`, `urlEncode`: WireMock's output, their block
/// forms, and bad input as a typed error.
final class StringsHelpersTests: XCTestCase {
    func test_trim_removesWhatJavasTrimRemoves_asHelperAndBlock() {
        HelperRendering.assertRenders([
            "[{{trim '  a b  '}}]": "[a b]", "[{{#trim}}\n\t pad \n{{/trim}}]": "[pad]",
            "[{{trim '\u{A0}x\u{A0}'}}]": "[\u{A0}x\u{A0}]",  // Java's trim keeps a no-break space
        ])
    }

    func test_caseHelpers_changeCase_andFallBackWhenEmpty() {
        HelperRendering.assertRenders([
            "{{upper 'abc'}}": "ABC", "{{upper 'straße'}}": "STRASSE", "{{lower 'ÀBC'}}": "àbc", "{{upper 5}}": "5",
            "[{{upper missing}}]": "[]", "{{upper '' 'fallback'}}": "fallback", "{{lower request.query.tag}}": "a",
            "{{capitalize 'hello  wide world'}}": "Hello  Wide World", "{{capitalize 'hELLO wORLD'}}": "HELLO WORLD",
            "{{capitalize 'hELLO wORLD' fully=true}}": "Hello World", "{{capitalize 'ßa'}}": "ßa",
        ])
    }

    func test_base64_encodesAndDecodesUTF8_withOrWithoutPadding() {
        HelperRendering.assertRenders([
            "{{{base64 'hello'}}}": "aGVsbG8=", "{{base64 'hello' padding=false}}": "aGVsbG8", "{{base64 'héllo'}}": "aMOpbGxv",
            "{{#base64}}hi there{{/base64}}": "aGkgdGhlcmU=", "{{base64 'aGVsbG8=' decode=true}}": "hello",
            "{{base64 'aGVsbG8' decode=true}}": "hello", "{{base64 'aMOpbGxv' decode=true}}": "héllo",
        ])
    }

    func test_urlEncode_formEncodes_inTheCharsetNamed_andDecodes() {
        HelperRendering.assertRenders([
            "{{urlEncode 'a b&c=d/é~*'}}": "a+b%26c%3Dd%2F%C3%A9%7E*", "{{urlEncode 'é' encoding='ISO-8859-1'}}": "%E9",
            "{{urlEncode '€' encoding='ISO-8859-1'}}": "%3F", "{{{urlEncode 'a+b%26c%3Dd' decode=true}}}": "a b&c=d",
            "{{urlEncode '%C3%A9' decode=true}}": "é", "{{urlEncode '%E9' decode=true encoding='latin1'}}": "é",
        ])
    }

    func test_badInput_isABadArgument() {
        HelperRendering.assertBadArgument("base64", ["{{base64 'not base64!' decode=true}}", "{{base64 'a' decode=true}}", "{{base64 missing}}"])
        HelperRendering.assertBadArgument("urlEncode", ["{{urlEncode '%zz' decode=true}}", "{{urlEncode 'x%4' decode=true}}", "{{urlEncode 'x' encoding='EBCDIC'}}", "{{urlEncode missing}}"])
        HelperRendering.assertBadArgument("trim", ["{{trim missing}}"])
    }
}
