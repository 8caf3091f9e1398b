import XCTest

@testable import MockServer

/// The lexer and parser: Handlebars.java's syntax as WireMock 2.35 reads it, and its errors.
final class TemplateParserTests: XCTestCase {
    func test_plainText_isOneTextNode_andRendersUnchanged() throws {
        let template = try Template(parsing: "no tags { here }")
        XCTAssertTrue(template.isPlainText)
        XCTAssertFalse(try Template(parsing: "a{{! comment }}b").isPlainText, "a comment changes the output")
    }

    func test_unclosedMustache_isText_asHandlebarsJavaReadsIt() throws {
        XCTAssertEqual(try TemplateTesting.render("{{foo"), "{{foo")
        XCTAssertEqual(try TemplateTesting.render("a {{ b"), "a {{ b")
    }

    func test_comments_shortAndLong_renderNothing() throws {
        XCTAssertEqual(try TemplateTesting.render("{{!-- c }} --}}k{{! plain }}"), "k")
    }

    func test_backslashAndTilde_changeNothing_asInWireMock() throws {
        let context = TemplateTesting.object([("p", .string("v"))])
        XCTAssertEqual(try TemplateTesting.render(#"x\{{p}}y"#, context: context), #"x\vy"#)
        XCTAssertEqual(try TemplateTesting.render("x {{~p~}} y", context: context), "x v y")
    }

    func test_standaloneBlockLines_keepTheirNewlines() throws {
        let context = TemplateTesting.object([("p", .string("v"))])
        XCTAssertEqual(try TemplateTesting.render("a\n{{#if p}}\nb\n{{/if}}\nc", context: context), "a\n\nb\n\nc")
    }

    func test_literalHead_isASyntaxError_atItsPosition() {
        let error = TemplateTesting.failure("ab\n  {{1}}")
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 4)
        XCTAssertEqual(TemplateTesting.failure("{{true}}")?.kind, .syntax)
        XCTAssertEqual(TemplateTesting.failure(#"{{"s"}}"#)?.kind, .syntax)
    }

    func test_bracesThatDoNotMatch_areSyntaxErrors_namingWhatWasExpected() {
        XCTAssertEqual(TemplateTesting.failure("{{{p}}")?.message, "found: '}}', expected: '}}}'")
        XCTAssertEqual(TemplateTesting.failure("{{p}}}")?.message, "found: '}}}', expected: '}}'")
        // A JSON object closing right after a tag (`"age":{{age}}}}`) is refused as WireMock refuses it.
        XCTAssertEqual(TemplateTesting.failure(#"{"a":{{p}}}}"#)?.message, "found: '}}}}', expected: '}}'")
    }

    func test_blockClosedByAnotherName_orNeverClosed_isASyntaxError() {
        XCTAssertEqual(TemplateTesting.failure("{{#if a}}x{{/unless}}")?.message, "found: 'unless', expected: 'if'")
        XCTAssertEqual(TemplateTesting.failure("{{#if a}}x")?.kind, .syntax)
        XCTAssertEqual(TemplateTesting.failure("x{{/if}}")?.kind, .syntax)
        XCTAssertEqual(TemplateTesting.failure("{{else}}")?.kind, .syntax)
        XCTAssertEqual(TemplateTesting.failure("{{#if a}}{{else}}{{else}}{{/if}}")?.kind, .syntax)
    }

    func test_partial_isRefused_byName() {
        let error = TemplateTesting.failure("{{> part}}")
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertTrue(error?.message.contains("'part'") ?? false, "\(String(describing: error))")
    }

    func test_pathsLiteralsHashAndSubexpressions_parse() throws {
        let nodes = try TemplateParser.parse(#"{{helper a.b.[0] ../c @index 'x' "y" 3 -1.5 true null (sub 1) k=v}}"#)
        guard case .output(.call(let call), let escaped, _) = nodes.first else { return XCTFail("\(nodes)") }
        XCTAssertTrue(escaped)
        XCTAssertEqual(call.name, "helper")
        XCTAssertEqual(call.arguments.count, 10)
        guard case .path(let first) = call.arguments[0] else { return XCTFail("\(call.arguments[0])") }
        XCTAssertEqual(first.segments, ["a", "b", "0"])
        guard case .path(let parent) = call.arguments[1] else { return XCTFail() }
        XCTAssertEqual(parent.parents, 1)
        XCTAssertEqual(parent.segments, ["c"])
        guard case .path(let data) = call.arguments[2] else { return XCTFail() }
        XCTAssertTrue(data.isData)
        guard case .literal(.decimal(let number)) = call.arguments[6] else { return XCTFail("\(call.arguments[6])") }
        XCTAssertEqual(number, -1.5)
        XCTAssertEqual(call.hash.map(\.key), ["k"])
        guard case .call(let sub) = call.arguments[9] else { return XCTFail("\(call.arguments[9])") }
        XCTAssertEqual(sub.name, "sub")
    }

    func test_quotedStrings_mayHoldBracesAndEscapedQuotes() throws {
        XCTAssertEqual(try TemplateTesting.render(#"{{lookup this 'a}}b'}}"#, context: TemplateTesting.object([("a}}b", .string("ok"))])), "ok")
        let context = TemplateTesting.object([("it's", .string("ok"))])
        XCTAssertEqual(try TemplateTesting.render(#"{{lookup this 'it\'s'}}"#, context: context), "ok")
    }

    func test_blockParameters_parse() throws {
        let nodes = try TemplateParser.parse("{{#each list as |item i|}}{{/each}}")
        guard case .block(let block) = nodes.first else { return XCTFail("\(nodes)") }
        XCTAssertEqual(block.parameters, ["item", "i"])
    }

    func test_blocksNestedDeeperThanTheLimit_areALimitError_notACrash() {
        let deep = String(repeating: "{{#if a}}", count: 150) + String(repeating: "{{/if}}", count: 150)
        XCTAssertEqual(TemplateTesting.failure(deep)?.kind, .limit)
        let subexpressions = "{{lookup " + String(repeating: "(lookup ", count: 150) + "this" + String(repeating: ")", count: 150) + " 'a'}}"
        XCTAssertEqual(TemplateTesting.failure(subexpressions)?.kind, .limit)
        let shallow = String(repeating: "{{#if a}}", count: 50) + "x" + String(repeating: "{{/if}}", count: 50)
        XCTAssertNil(TemplateTesting.failure(shallow))
    }
}
