import Foundation
import XCTest

@testable import MockServer

/// `jsonPath`, `xPath`, `regexExtract`, `formData`, `parseJson` and `toJson`, with WireMock 2.35's output.
final class TemplateExtractionHelperTests: XCTestCase {
    private func body(_ text: String) -> TemplateValue { TemplateTesting.object([("body", .string(text))]) }
    private let json = #"{"a":{"b":[1,2.50,{"c":"x<y","e":{}}],"s":"str","arr":[],"n":null,"t":true,"big":12345678901234,"d":1.0E10}}"#

    func test_jsonPath_scalars_asJavaPrintsThem() throws {
        let template = "{{jsonPath body '$.a.s'}}|{{jsonPath body '$.a.b[1]'}}|[{{jsonPath body '$.a.n'}}]|{{jsonPath body '$.a.t'}}|{{jsonPath body '$.a.big'}}|{{jsonPath body '$.a.d'}}"
        XCTAssertEqual(try TemplateTesting.render(template, context: body(json)), "str|2.5|[]|true|12345678901234|1.0E10")
    }

    func test_jsonPath_lists_printAsCompactJSON_andIterate() throws {
        XCTAssertEqual(try TemplateTesting.render("{{{jsonPath body '$.a.b'}}}", context: body(json)), #"[1,2.5,{"c":"x<y","e":{}}]"#)
        XCTAssertEqual(
            try TemplateTesting.render("{{#each (jsonPath body '$.a.b')}}<{{@index}}:{{this}}>{{/each}}", context: body(json)),
            "<0:1><1:2.5><2:{c&#x3D;x&lt;y, e&#x3D;{}}>")
        XCTAssertEqual(try TemplateTesting.render("{{#if (jsonPath body '$.a.arr')}}Y{{else}}N{{/if}}", context: body(json)), "N")
    }

    func test_jsonPath_objects_printAsJacksonsPrettyJSON() throws {
        XCTAssertEqual(
            try TemplateTesting.render("{{{jsonPath body '$.a.b[2]'}}}", context: body(json)), "{\n  \"c\" : \"x<y\",\n  \"e\" : { }\n}")
    }

    func test_jsonPath_missingBadAndNotJSON() throws {
        XCTAssertEqual(try TemplateTesting.render("[{{jsonPath body '$.missing'}}]", context: body(json)), "[]")
        XCTAssertEqual(try TemplateTesting.render("{{jsonPath body 'bad[['}}", context: body(json)), "[ERROR: bad[[ is not a valid JSONPath expression]")
        XCTAssertEqual(try TemplateTesting.render("[{{jsonPath 'notjson' '$.a'}}]"), "[]")
    }

    func test_jsonPath_overAParsedValue() throws {
        XCTAssertEqual(try TemplateTesting.render("{{jsonPath (parseJson body) '$.a.s'}}", context: body(json)), "str")
    }

    func test_xPath_textAttributesElementsAndErrors() throws {
        let xml = #"<outer><inner id="7">stuff &amp; more</inner><inner id="8">two</inner></outer>"#
        XCTAssertEqual(
            try TemplateTesting.render("{{{xPath body '/outer/inner/text()'}}}|{{xPath body '/outer/inner/@id'}}|{{xPath body '/outer/inner[2]/text()'}}", context: body(xml)),
            "stuff & more|7|two")
        XCTAssertEqual(try TemplateTesting.render("{{{xPath body '/outer/inner[1]'}}}", context: body(xml)), "<inner id=\"7\">stuff &amp; more</inner>\n")
        XCTAssertEqual(try TemplateTesting.render("[{{xPath body '/outer/missing'}}]", context: body(xml)), "[]")
        XCTAssertEqual(try TemplateTesting.render("{{size (xPath body '/outer/inner')}}", context: body(xml), helpers: sizeHelper), "2")
        XCTAssertEqual(try TemplateTesting.render("{{xPath body 'bad[['}}", context: body(xml)), "[ERROR: bad[[ is not a valid XPath expression]")
        XCTAssertEqual(try TemplateTesting.render("{{xPath 'notxml' '/a'}}"), "[ERROR: notxml is not valid XML]")
    }

    private let sizeHelper = ["size": TemplateHelper { call throws(TemplateError) in .integer(call.argument(0).elements?.count ?? 0) }]

    func test_regexExtract_firstMatch_groupsIntoAVariable_andErrors() throws {
        let text = body("abc-DEF-123 xyz-QQ-9")
        XCTAssertEqual(try TemplateTesting.render("{{regexExtract body '[A-Z]+'}}", context: text), "DEF")
        XCTAssertEqual(
            try TemplateTesting.render("{{regexExtract body '([a-z]+)-([A-Z]+)-([0-9]+)' 'parts'}}[{{parts.0}}|{{parts.1}}|{{parts.2}}|{{parts}}]", context: text),
            "[abc|DEF|123|abc]")
        XCTAssertEqual(try TemplateTesting.render("{{regexExtract body 'NOPE'}}", context: text), "[ERROR: Nothing matched NOPE]")
        XCTAssertEqual(try TemplateTesting.render("{{regexExtract body 'NOPE' default='dflt'}}", context: text), "dflt")
        XCTAssertEqual(try TemplateTesting.render("{{regexExtract body '('}}", context: text), "[ERROR: Invalid regex string (]")
    }

    func test_formData_fieldsAsLists_decodedOnRequest() throws {
        let form = body("f1=a%20b&f2=x&f2=y+z&f3=%3C")
        XCTAssertEqual(try TemplateTesting.render("{{formData body 'f'}}[{{f.f1}}|{{f.f2}}|{{f.f2.1}}|{{f.f3}}]", context: form), "[a%20b|x|y+z|%3C]")
        XCTAssertEqual(try TemplateTesting.render("{{formData body 'f' urlDecode=true}}[{{f.f1}}|{{f.f2.1}}|{{{f.f3}}}]", context: form), "[a b|y z|<]")
        XCTAssertEqual(try TemplateTesting.render("{{formData body}}", context: form), "{f1&#x3D;a%20b, f2&#x3D;x, f3&#x3D;%3C}")
    }

    func test_parseJson_valueVariableAndBlock_andToJson() throws {
        let text = body(#"{"k":[1,2],"s":"v"}"#)
        XCTAssertEqual(try TemplateTesting.render("{{#with (parseJson body)}}{{s}}{{k.1}}{{/with}}", context: text), "v2")
        XCTAssertEqual(try TemplateTesting.render("{{parseJson body 'doc'}}{{doc.s}}", context: text), "v")
        XCTAssertEqual(try TemplateTesting.render(#"{{#parseJson 'doc'}}{"a":"{{body}}"}{{/parseJson}}{{doc.a}}"#, context: body("q")), "q")
        XCTAssertEqual(try TemplateTesting.render("{{{toJson (parseJson body)}}}", context: text), "{\n  \"k\" : [ 1, 2 ],\n  \"s\" : \"v\"\n}")
        XCTAssertEqual(try TemplateTesting.render("[{{parseJson 'not json'}}]"), "[]")
    }

    func test_objects_keepTheDocumentsMemberOrder() throws {
        let text = body(#"{"z":1,"o":{"zeta":1,"alpha":2,"n":null},"l":[{"y":1,"x":2}],"a":0}"#)
        XCTAssertEqual(try TemplateTesting.render("{{{parseJson body}}}", context: text), "{z=1, o={zeta=1, alpha=2, n=null}, l=[{y=1, x=2}], a=0}")
        XCTAssertEqual(try TemplateTesting.render("{{{jsonPath body '$.o'}}}", context: text), "{\n  \"zeta\" : 1,\n  \"alpha\" : 2\n}")
        XCTAssertEqual(try TemplateTesting.render("{{{jsonPath body '$.l'}}}|{{#each (jsonPath body '$.o')}}{{@key}};{{/each}}", context: text), #"[{"y":1,"x":2}]|zeta;alpha;n;"#)
        XCTAssertEqual(try TemplateTesting.render("{{{jsonPath (parseJson body) '$.o'}}}", context: text), "{\n  \"zeta\" : 1,\n  \"alpha\" : 2\n}")
        XCTAssertEqual(try TemplateTesting.render("{{{toJson (parseJson body)}}}", context: body(#"{"z":1,"a":{"y":2,"b":3}}"#)), "{\n  \"z\" : 1,\n  \"a\" : {\n    \"y\" : 2,\n    \"b\" : 3\n  }\n}")
    }

    func test_jsonPath_severalOverOneDocumentAndAnother_readEach() throws {
        let context = TemplateTesting.object([("body", .string(#"{"a":1,"b":{"y":2,"x":3}}"#)), ("other", .string(#"{"a":"other"}"#))])
        XCTAssertEqual(
            try TemplateTesting.render("{{jsonPath body '$.a'}}|{{jsonPath other '$.a'}}|{{jsonPath body '$.b.x'}}|{{#each (jsonPath body '$.b')}}{{@key}}{{/each}}", context: context),
            "1|other|3|yx")
    }
}
