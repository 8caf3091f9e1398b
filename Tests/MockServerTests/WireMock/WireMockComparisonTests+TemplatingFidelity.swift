import Foundation
import XCTest

/// Where WireMock 2.35's Java objects show through its templates (mappings in
/// `mappings/templating-helpers/fidelity.json`, URLs under `/tmpl-helpers/fidelity/`):
/// `request.method` is a `RequestMethod`, not text; parsed JSON keeps its member order; a
/// parsed date keeps its UTC offset. Checked against real WireMock 2.35 first.
extension WireMockComparisonTests {
    /// `{{eq request.method 'POST'}}` is false in WireMock 2.35 (an object never equals text),
    /// while the method prints as its name and reads as text in the string helpers.
    func test_templating_requestMethod_isWireMocksRequestMethodObject() throws {
        var post = StubProbe(
            "POST", "/tmpl-helpers/fidelity/method",
            body: templatedLines(
                "eq=false false true false true", "if=no yes set", "block=no differ not GET", "print=POST POST POST POST POST",
                "text=true contains true POST post PO", "size=[]"))
        post.body = Data("x".utf8)
        var equals = StubProbe("GET", "/tmpl-helpers/fidelity/method-equals", status: 500)
        equals.expectedBody = nil  // WireMock 2.35 has no `equals` helper: Jetty's page there, the reason here
        equals.comparesContentType = false
        try assertAnswers([post])
        try assertAnswers([equals], compareBodies: false)
    }

    /// `jsonPath` and `parseJson` objects, the query and the cookies list their members in the
    /// order the request wrote them (WireMock's maps are ordered); a `jsonPath` object prints
    /// without its `null` members.
    func test_templating_objects_keepTheRequestsMemberOrder() throws {
        let body = #"{"z":1,"obj":{"zeta":1,"alpha":"x","mid":{"b":1,"a":2},"nothing":null},"arr":[{"y":1,"x":2}],"a":0}"#
        try assertAnswers([
            templatedPost(
                "/tmpl-helpers/fidelity/key-order?zq=1&aq=2&zq=3", body, headers: ["Cookie: zz=1; aa=2"],
                answer: templatedLines(
                    "jsonPath={", #"  "zeta" : 1,"#, #"  "alpha" : "x","#, #"  "mid" : {"#, #"    "b" : 1,"#, #"    "a" : 2"#, "  }", "}",
                    #"list=[{"y":1,"x":2}]"#, "parseJson={z=1, obj={zeta=1, alpha=x, mid={b=1, a=2}, nothing=null}, arr=[{y=1, x=2}], a=0}",
                    "each=zeta;alpha;mid;nothing; z;obj;arr;a;", "query={zq=1, aq=2} zq;aq;", "cookies={zz=1, aa=2}"))
        ])
    }

    /// `parseDate` keeps the offset it read, and `date` writes the date at it (its `timezone`
    /// ignored, as WireMock 2.35 ignores it).
    func test_templating_parsedDates_keepTheirOffset() throws {
        try assertAnswers([
            StubProbe(
                "GET", "/tmpl-helpers/fidelity/dates",
                body: templatedLines(
                    "parseDate=2024-03-01T10:00:00+02:00 2024-03-01T10:00:00Z 2024-03-01T10:00:00+05:30 2024-03-01T10:00:00-05:00",
                    "date=2024-03-01T10:00:00+02:00 2024-03-02T10:00:00+02:00", "format=2024-03-01 10:00:00 +0200 10:00",
                    "timezone ignored=2024-03-01T10:00:00+02:00 2024-03-01 10:00", "epoch=1709280000000 1709280000",
                    "pattern=2024-03-01T10:00:00+02:00 2024-03-01T00:00:00Z", "same instant=true")),
        ])
    }
}
