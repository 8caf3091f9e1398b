import XCTest

@testable import MockServer

/// The evaluator and Handlebars' built-in helpers, as Handlebars.java in WireMock 2.35 renders
/// them (each expectation was read off the jar).
final class TemplateEvaluatorTests: XCTestCase {
    private let context = TemplateTesting.object([
        ("p1", .string("v1")), ("n", .integer(5)), ("zero", .integer(0)), ("no", .string("false")), ("empty", .string("")),
        ("list", .array([.string("a"), .string("b"), .string("c")])),
        ("obj", TemplateTesting.object([("k1", .string("x")), ("k2", .string("y"))])),
        ("markup", .string(#"<"'`=&>"#)),
    ])

    func test_doubleBraces_escapeAsHandlebarsJava_tripleAndAmpersandDoNot() throws {
        XCTAssertEqual(try TemplateTesting.render("{{markup}}", context: context), "&lt;&quot;&#x27;&#x60;&#x3D;&amp;&gt;")
        XCTAssertEqual(try TemplateTesting.render("{{{markup}}}|{{&markup}}", context: context), #"<"'`=&>|<"'`=&>"#)
    }

    func test_safeString_isNotEscaped() throws {
        let helpers = ["raw": TemplateHelper { _ throws(TemplateError) in .safeString("<b>") }]
        XCTAssertEqual(try TemplateTesting.render("{{raw}}", helpers: helpers), "<b>")
    }

    func test_paths_thisDotBracketAndMissing() throws {
        XCTAssertEqual(try TemplateTesting.render("{{obj.k1}}|{{this.p1}}|{{./n}}|{{list.[1]}}|{{list.2}}|{{obj.[k2]}}", context: context), "x|v1|5|b|c|y")
        XCTAssertEqual(try TemplateTesting.render("[{{missing}}|{{missing.deeper}}|{{list.9}}]", context: context), "[||]")
        XCTAssertEqual(try TemplateTesting.render("{{p1.length}}|{{list.size}}", context: context), "2|3")
    }

    func test_namesMissingInABlocksContext_areLookedUpInTheOuterOnes() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#each list}}{{p1}}{{/each}}", context: context), "v1v1v1")
        XCTAssertEqual(try TemplateTesting.render("{{#with obj}}{{k1}}-{{../n}}{{/with}}", context: context), "x-5")
    }

    func test_dotDot_passesOverIf_whichPushesNoContext() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#if n}}[{{../n}}]{{n}}{{/if}}", context: context), "[]5")
    }

    func test_unknownHelperWithArguments_isAnError_namingIt() {
        let error = TemplateTesting.failure("a {{nope 1}}")
        XCTAssertEqual(error?.kind, .unknownHelper)
        XCTAssertEqual(error?.message, "could not find helper: 'nope'")
        XCTAssertEqual(error?.column, 4)
        XCTAssertEqual(TemplateTesting.failure("{{p1 'x'}}", context: context)?.message, "could not find helper: 'p1'")
        XCTAssertEqual(TemplateTesting.failure("{{#nope 1}}x{{/nope}}")?.kind, .unknownHelper)
    }

    func test_truth_isHandlebarsJavas() throws {
        let template = "{{#if zero}}t{{else}}f{{/if}}{{#if no}}T{{/if}}{{#if empty}}E{{/if}}{{#if list}}L{{/if}}{{#if missing}}M{{/if}}"
        XCTAssertEqual(try TemplateTesting.render(template, context: context), "fTL")
    }

    func test_ifElseIfChain_andUnless() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#if missing}}A{{else if p1}}B{{else}}C{{/if}}", context: context), "B")
        XCTAssertEqual(try TemplateTesting.render("{{#if missing}}A{{else if zero}}B{{else}}C{{/if}}", context: context), "C")
        XCTAssertEqual(try TemplateTesting.render("{{#unless missing}}U{{else}}V{{/unless}}", context: context), "U")
        XCTAssertEqual(try TemplateTesting.render("{{if n 'yes' 'no'}}|{{if zero 'yes' 'no'}}", context: context), "yes|no")
    }

    func test_each_overAListAndAnObject_withDataVariables() throws {
        XCTAssertEqual(
            try TemplateTesting.render("{{#each list}}{{@index}}{{this}}{{@first}}{{@last}};{{/each}}", context: context), "0afirst;1b;2clast;")
        XCTAssertEqual(try TemplateTesting.render("{{#each obj}}{{@key}}={{this}}:{{@index}} {{/each}}", context: context), "k1=x:0 k2=y:1 ")
        XCTAssertEqual(try TemplateTesting.render("{{#each obj as |v k|}}{{k}}:{{v}} {{/each}}", context: context), "k1:x k2:y ")
        XCTAssertEqual(try TemplateTesting.render("{{#each missing}}x{{else}}none{{/each}}", context: context), "none")
    }

    func test_with_andLookup() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#with obj}}{{k2}}{{/with}}{{#with missing}}W{{else}}E{{/with}}", context: context), "yE")
        XCTAssertEqual(try TemplateTesting.render("{{lookup obj 'k1'}}|{{lookup list 1}}|{{lookup obj 'nope'}}", context: context), "x|b|")
    }

    func test_sections_withoutAHelper_walkListsAndEnterObjects() throws {
        XCTAssertEqual(try TemplateTesting.render("{{#list}}[{{this}}]{{/list}}", context: context), "[a][b][c]")
        XCTAssertEqual(try TemplateTesting.render("{{#obj}}{{k1}}{{/obj}}", context: context), "x")
        XCTAssertEqual(try TemplateTesting.render("{{^missing}}inverse{{/missing}}{{^p1}}no{{/p1}}", context: context), "inverse")
        XCTAssertEqual(try TemplateTesting.render("{{#missing}}x{{/missing}}", context: context), "")
    }

    func test_variables_areFoundAfterTheContexts() throws {
        let helpers = [
            "set": TemplateHelper { call throws(TemplateError) in
                call.environment.variables[call.argument(0).rendered] = call.argument(1)
                return .null
            }
        ]
        XCTAssertEqual(try TemplateTesting.render("{{set 'v' 'hi'}}[{{v}}|{{@v}}]{{set 'p1' 'shadowed'}}{{p1}}", context: context, helpers: helpers), "[hi|hi]v1")
    }

    func test_blockHelper_rendersItsBodiesThroughTheBlock() throws {
        let helpers = [
            "twice": TemplateHelper { call throws(TemplateError) in
                guard let block = call.block else { return .null }
                return .safeString(try block.render(.string("A")) + (try block.render(.string("B"), data: ["index": .integer(7)])))
            }
        ]
        XCTAssertEqual(try TemplateTesting.render("{{#twice}}{{this}}{{@index}}{{/twice}}", helpers: helpers), "AB7")
    }
}
