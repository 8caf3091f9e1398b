import Foundation
import TestSupport
import XCTest

/// Request body matching (`bodyPatterns`, mappings under `mappings/body/`): each operator with a
/// body it accepts and one it must refuse, so a matcher that accepts any body shows.
extension WireMockComparisonTests {
    func test_bodyPatterns_textOperators_answerAsWireMockDoes() throws {
        try assertAnswers([
            body("/wm/body/equal", "hello", answer: "body equal"),
            body("/wm/body/equal", "hello ", status: 404),
            body("/wm/body/equal", "", status: 404),
            body("/wm/body/equal-ci", "hello WORLD", answer: "body equal, any case"),
            body("/wm/body/equal-ci", "hello there", status: 404),
            // WireMock hands its text patterns no value for an empty body: `equalTo ""` never matches.
            body("/wm/body/equal-empty", "", status: 404),
            body("/wm/body/equal-empty", "x", status: 404),
            body("/wm/body/contains", "a needle in a haystack", answer: "body contains"),
            body("/wm/body/contains", "a haystack", status: 404),
            body("/wm/body/matches", "id=42&name=x", answer: "body matches"),
            body("/wm/body/matches", "id=x&name=x", status: 404),
            body("/wm/body/absent", "", answer: "no body"),
            body("/wm/body/absent", "something", status: 404),
            body("/wm/body/every", "alpha beta\ngamma", answer: "every body pattern"),
            body("/wm/body/every", "alpha gamma", status: 404),
            body("/wm/body/every", "alpha beta gamma!", status: 404),
        ])
    }

    func test_bodyPatterns_negativeLogicalAndBinaryOperators_answerAsWireMockDoes() throws {
        try assertAnswers([
            // An empty body is no value: the negative operators match it, as in WireMock 2.35.
            body("/wm/body/does-not-contain", "", answer: "no secret"),
            body("/wm/body/does-not-contain", "public", answer: "no secret"),
            body("/wm/body/does-not-contain", "a secret", status: 404),
            body("/wm/body/does-not-match", "", answer: "not all digits"),
            body("/wm/body/does-not-match", "12a", answer: "not all digits"),
            body("/wm/body/does-not-match", "123", status: 404),
            body("/wm/body/and", "red", answer: "red and not blue"),
            body("/wm/body/and", "red blue", status: 404),
            body("/wm/body/and", "", status: 404),
            body("/wm/body/or", "cat", answer: "cat or dog"),
            body("/wm/body/or", "dog5", answer: "cat or dog"),
            body("/wm/body/or", "cow", status: 404),
            // Bytes that are not UTF-8 still compare as bytes.
            body("/wm/body/binary", Data([0x00, 0x01, 0x02, 0xFF]), answer: "these bytes"),
            body("/wm/body/binary", Data([0x00, 0x01, 0x02, 0xFE]), status: 404),
            body("/wm/body/binary", Data([0x00, 0x01, 0x02]), status: 404),
            body("/wm/body/binary-text", "hello", answer: "hello as bytes"),
            body("/wm/body/binary-text", "hellO", status: 404),
            // The same operators on headers; a header not sent is no value, as for a body.
            StubProbe("GET", "/wm/body/header-operators", headers: ["X-Not-Match: w1", "X-Not-Contain: good", "X-Either: two"], body: "header operators"),
            StubProbe("GET", "/wm/body/header-operators", headers: ["X-Either: one"], body: "header operators"),
            StubProbe("GET", "/wm/body/header-operators", headers: ["X-Not-Match: v1", "X-Either: two"], status: 404),
            StubProbe("GET", "/wm/body/header-operators", headers: ["X-Not-Contain: so bad", "X-Either: two"], status: 404),
            StubProbe("GET", "/wm/body/header-operators", headers: ["X-Either: three"], status: 404),
            StubProbe("GET", "/wm/body/header-operators", status: 404),
        ])
    }

    func test_bodyPatterns_equalToJson_answersAsWireMockDoes() throws {
        let json = ["Content-Type: application/json"]
        func probe(_ path: String, _ text: String, answer: String? = nil) -> StubProbe {
            body(path, text, status: answer == nil ? 404 : 200, answer: answer ?? "", headers: json)
        }
        let same = "same JSON", fromString = "same JSON from a string", lenient = "lenient JSON", placeholders = "placeholders"
        try assertAnswers([
            probe("/wm/body/json", #"{"owner":{"id":1},"tags":["a","b"],"name":"shelly"}"#, answer: same),
            probe("/wm/body/json", #"{"owner":{"id":1.0},"tags":["a","b"],"name":"shelly"}"#, answer: same),
            probe("/wm/body/json", #"{"owner":{"id":1},"tags":["b","a"],"name":"shelly"}"#),
            probe("/wm/body/json", #"{"owner":{"id":1},"tags":["a","b"],"name":"shelly","x":1}"#),
            probe("/wm/body/json", #"{"owner":{"id":"1"},"tags":["a","b"],"name":"shelly"}"#),
            probe("/wm/body/json", "name=shelly"),
            // The body is read as WireMock's Jackson reads it: a comment, text after the value, single
            // quotes and a repeated key are all taken.
            probe("/wm/body/json", "/* an order */ {\"owner\":{\"id\":1},\"tags\":[\"a\",\"b\"],\"name\":\"shelly\"}", answer: same),
            probe("/wm/body/json", #"{"owner":{"id":1},"tags":["a","b"],"name":"shelly"} and more"#, answer: same),
            probe("/wm/body/json", #"{'owner':{'id':1},'tags':['a','b'],'name':'shelly'}"#, answer: same),
            probe("/wm/body/json", #"{"owner":{"id":1},"tags":["a","b"],"name":"shelly","name":"shelly"}"#, answer: same),
            probe("/wm/body/json", ""),
            // Numbers as WireMock compares them: 1 = 1.0 and 1.5 = 1.50 = 15e-1, but 10 ≠ 10.0.
            probe("/wm/body/json-string", #"{"total":1,"rate":1.50,"count":10}"#, answer: fromString),
            probe("/wm/body/json-string", #"{"total":1.00,"rate":15e-1,"count":10}"#, answer: fromString),
            probe("/wm/body/json-string", #"{"total":1,"rate":1.5,"count":10.0}"#),
            probe("/wm/body/json-lenient", #"{"items":[3,1,2,4],"meta":{"page":1,"size":20},"more":true}"#, answer: lenient),
            probe("/wm/body/json-lenient", #"{"items":[3,1],"meta":{"page":1}}"#),
            probe("/wm/body/json-lenient", #"{"items":[3,1,2],"meta":{"page":2}}"#),
            // Extra array items count only after the expected ones.
            probe("/wm/body/json-extra", #"{"items":[1,2,3]}"#, answer: "extra elements"),
            probe("/wm/body/json-extra", #"{"items":[0,1,2]}"#),
            probe("/wm/body/json-extra", #"{"items":[2,1]}"#),
            probe("/wm/body/json-placeholders", #"{"id":7,"name":"x","active":false,"token":null,"code":"ABC-12"}"#, answer: placeholders),
            probe("/wm/body/json-placeholders", #"{"id":7.5,"name":"","active":true,"token":[1],"code":"XYZ-1"}"#, answer: placeholders),
            probe("/wm/body/json-placeholders", #"{"id":"7","name":"x","active":false,"token":null,"code":"ABC-12"}"#),
            probe("/wm/body/json-placeholders", #"{"id":7,"name":"x","active":false,"code":"ABC-12"}"#),
            probe("/wm/body/json-placeholders", #"{"id":7,"name":"x","active":false,"token":1,"code":"abc-12"}"#),
            probe("/wm/body/json-placeholders", #"{"id":7,"name":"x","active":"no","token":1,"code":"ABC-12"}"#),
        ])
    }

    func test_bodyPatterns_equalToXml_answersAsWireMockDoes() throws {
        let xml = ["Content-Type: application/xml"]
        func probe(_ path: String, _ text: String, answer: String? = nil) -> StubProbe {
            body(path, text, status: answer == nil ? 404 : 200, answer: answer ?? "", headers: xml)
        }
        let same = "same XML"
        try assertAnswers([
            probe("/wm/body/xml", #"<a><b k="2" id="1">t</b><c/></a>"#, answer: same),
            probe("/wm/body/xml", "<a>\n  <b id=\"1\" k=\"2\">t</b>\n  <!-- note -->\n  <c></c>\n</a>", answer: same),
            probe("/wm/body/xml", #"<a><c/><b id="1" k="2">t</b></a>"#, answer: same),
            probe("/wm/body/xml", #"<a><b id="1" k="2"> t </b><c/></a>"#, answer: same),
            probe("/wm/body/xml", #"<?xml version="1.0"?><a><b id="1" k="2">t</b><c/></a>"#, answer: same),
            probe("/wm/body/xml", #"<a><b id="1" k="2"><![CDATA[t]]></b><c/></a>"#, answer: same),
            probe("/wm/body/xml", #"<a><b id="1" k="3">t</b><c/></a>"#),
            probe("/wm/body/xml", #"<a><b id="1" k="2">t</b><c/><d/></a>"#),
            probe("/wm/body/xml", #"<a><x id="1" k="2">t</x><c/></a>"#),
            probe("/wm/body/xml", #"<a><b id="1">t</b><c/></a>"#),
            probe("/wm/body/xml", #"<a><b id="1" k="2" z="1">t</b><c/></a>"#),
            probe("/wm/body/xml", "not xml"),
            probe("/wm/body/xml", ""),
            probe("/wm/body/xml-same-names", "<list><b>1</b><b>2</b></list>", answer: "same-named siblings in order"),
            probe("/wm/body/xml-same-names", "<list><b>2</b><b>1</b></list>"),
            probe("/wm/body/xml-namespaces", #"<m:a xmlns:m="urn:x"><m:b>1</m:b></m:a>"#, answer: "local names"),
            probe("/wm/body/xml-namespaces", #"<a xmlns="urn:x"><b>1</b></a>"#, answer: "local names"),
            probe("/wm/body/xml-namespaces", #"<n:a xmlns:n="urn:y"><n:b>1</n:b></n:a>"#, answer: "local names"),
            probe("/wm/body/xml-namespaces", #"<n:q xmlns:n="urn:x"><n:b>1</n:b></n:q>"#),
            probe("/wm/body/xml-placeholders", "<a><b>anything</b><n>12.5</n></a>", answer: "XML placeholders"),
            probe("/wm/body/xml-placeholders", "<a><b>anything</b><n>twelve</n></a>"),
            probe("/wm/body/xml-no-placeholders", "<a><b>anything</b></a>"),
            probe("/wm/body/xml-no-placeholders", "<a><b>${xmlunit.ignore}</b></a>", answer: "placeholders off"),
        ])
    }

    func test_bodyPatterns_matchesXPath_answersAsWireMockDoes() throws {
        let xml = ["Content-Type: application/xml"]
        func probe(_ path: String, _ text: String, answer: String? = nil) -> StubProbe {
            body(path, text, status: answer == nil ? 404 : 200, answer: answer ?? "", headers: xml)
        }
        let order = #"<order><item sku="A1"><name>pen</name></item></order>"#
        try assertAnswers([
            probe("/wm/body/xpath", order, answer: "xpath"),
            probe("/wm/body/xpath", #"<order><item sku="B1"/></order>"#),
            probe("/wm/body/xpath", "not xml"),
            probe("/wm/body/xpath", ""),
            probe("/wm/body/xpath-namespaces", #"<s:order xmlns:s="urn:shop"><s:item/></s:order>"#, answer: "xpath with namespaces"),
            probe("/wm/body/xpath-namespaces", #"<order xmlns="urn:shop"><item/></order>"#, answer: "xpath with namespaces"),
            probe("/wm/body/xpath-namespaces", "<order><item/></order>"),
            // Without xPathNamespaces WireMock reads the document without namespaces.
            probe("/wm/body/xpath-no-namespaces", #"<order xmlns="urn:shop"><item/></order>"#, answer: "xpath without namespaces"),
            probe("/wm/body/xpath-no-namespaces", #"<s:order xmlns:s="urn:shop"><s:item/></s:order>"#),
            probe("/wm/body/xpath-text", order, answer: "xpath text"),
            probe("/wm/body/xpath-text", "<order><item><name>ink</name></item><item><name>pen</name></item></order>", answer: "xpath text"),
            probe("/wm/body/xpath-text", "<order><item><name>ink</name></item></order>"),
            probe("/wm/body/xpath-attribute", #"<order><item sku="A7"/></order>"#, answer: "xpath attribute"),
            probe("/wm/body/xpath-attribute", #"<order><item sku="B7"/></order>"#),
            probe("/wm/body/xpath-element", order, answer: "xpath element"),
            probe("/wm/body/xpath-element", #"<order><item sku="A1"><name>pencil</name></item></order>"#),
            // A number or boolean result selects no node: no match.
            probe("/wm/body/xpath-count", "<order><item/><item/></order>"),
        ])
    }

    /// A `POST` of `text` to `path`, expecting `status` and, when 200, `answer`.
    func body(_ path: String, _ text: String, status: Int = 200, answer: String = "", headers: [String] = []) -> StubProbe {
        body(path, Data(text.utf8), status: status, answer: answer, headers: headers)
    }

    /// A `POST` of `bytes` to `path`, expecting `status` and, when 200, `answer`.
    func body(_ path: String, _ bytes: Data, status: Int = 200, answer: String = "", headers: [String] = []) -> StubProbe {
        var probe = StubProbe("POST", path, headers: headers, status: status, body: answer)
        probe.body = bytes
        return probe
    }
}
