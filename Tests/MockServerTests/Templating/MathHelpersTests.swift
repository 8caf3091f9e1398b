import XCTest

@testable import MockServer

/// `math`: the result WireMock prints for each operator, whole or decimal by the operands'
/// scale, and its failures.
final class MathHelpersTests: XCTestCase {
    func test_math_wholeOperands_giveWholeResults_divisionRoundingHalfUp() {
        HelperRendering.assertRenders([
            "{{math 1 '+' 2}}": "3", "{{math 10 '-' 20}}": "-10", "{{math 6 '*' 7}}": "42", "{{math 3 'x' 4}}": "12",
            "{{math 7 '/' 2}}": "4", "{{math 10 '/' 4}}": "3", "{{math 1 '/' 3}}": "0", "{{math -7 '/' 2}}": "-4",
            "{{math 7 '%' 3}}": "1", "{{math -7 '%' 3}}": "-1",
        ])
    }

    func test_math_decimalOperands_keepTheirScale_andPrintAsJavaDoubles() {
        HelperRendering.assertRenders([
            "{{math 1.5 '+' 2}}": "3.5", "{{math 0.1 '+' 0.2}}": "0.3", "{{math 1.0 '+' 1}}": "2.0",
            "{{math 2.5 '*' 2}}": "5.0", "{{math 10.0 '/' 3}}": "3.3", "{{math 1.5 '/' 2}}": "0.8",
            "{{math 7 '/' 2.5}}": "3", "{{math 7.5 '%' 2}}": "1.5", "{{math 7 '%' 0.5}}": "0.0",
        ])
    }

    func test_math_textOperands_areReadAsBigDecimal_andNonNumbersCountAsZero() {
        HelperRendering.assertRenders([
            "{{math '10' '+' '5'}}": "15", "{{math '0.10' '+' 1}}": "1.1", "{{math '1e3' '+' 1}}": "1001",
            "{{math '1e3' '*' 1}}": "1000.0", "{{math 'abc' '+' 2}}": "2", "{{math request.query.tag '+' 1}}": "1",
        ])
    }

    func test_math_largeResults_wrapAsJavasIntValueAndLongValueDo() {
        HelperRendering.assertRenders([
            "{{math 2147483647 '+' 1}}": "2147483648", "{{math '9999999999' '*' '9999999999'}}": "7766279611452241921",
            "{{math -3000000000 '+' 0}}": "1294967296",
        ])
    }

    func test_math_missingOperandOrUnknownOperator_printsWireMocksError() {
        HelperRendering.assertRenders([
            "{{{math 1 '+'}}}": "[ERROR: All maths functions require two operands and an operator as parameters e.g. 3 '+' 2]",
            "{{math 1 '^' 2}}": "[ERROR: ^ is not a valid mathematical operator]",
        ])
    }

    func test_math_divisionByZeroOrAMissingValue_isABadArgument() {
        HelperRendering.assertBadArgument("math", ["{{math 1 '/' 0}}", "{{math 1 '%' 0.0}}", "{{math missing '+' 1}}", "{{math 1 missing 1}}"])
    }

    func test_decimal_parsesAsBigDecimal() {
        XCTAssertEqual(TemplateDecimal(parsing: "-12.50"), TemplateDecimal(unscaled: -1250, scale: 2))
        XCTAssertEqual(TemplateDecimal(parsing: ".5"), TemplateDecimal(unscaled: 5, scale: 1))
        XCTAssertEqual(TemplateDecimal(parsing: "1E+3"), TemplateDecimal(unscaled: 1, scale: -3))
        XCTAssertEqual(TemplateDecimal(double: 2.0), TemplateDecimal(unscaled: 20, scale: 1))
        for text in ["", "abc", "1e", "1.2.3", " 1", "--1", "99999999999999999999"] {
            XCTAssertNil(TemplateDecimal(parsing: text), text)
        }
    }
}
