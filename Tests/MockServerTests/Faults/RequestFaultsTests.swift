import XCTest

@testable import MockServer

/// How a query's fault parameters are read: both spellings, one pass, last value wins, errors
/// in the table's order and named as the query spells them.
final class RequestFaultsTests: XCTestCase {
    private func faults(_ pairs: [(String, String?)], _ spelling: RequestFaults.Spelling = .bareOrPrefixed) throws(ParameterError)
        -> RequestFaults
    {
        try RequestFaults(QueryParameters(pairs: pairs.map { (name: $0.0, value: $0.1) }), spelling: spelling)
    }

    func test_prefixedNames_areFaultsInEitherSpelling() throws {
        let read = try faults([("fault.status", "503"), ("delay", "20"), ("fault.reset", nil)])
        XCTAssertEqual(read.list, [.reset, .delay(.milliseconds(20)), .status(503)], "in the table's order")
        XCTAssertEqual(read.summary, "reset=,delay=20,status=503", "the journal shows bare names")
    }

    func test_prefixedOnly_leavesBareNamesToTheApp() throws {
        let read = try faults([("status", "publish"), ("type", "post"), ("fault.delay", "5")], .prefixedOnly)
        XCTAssertEqual(read.list, [.delay(.milliseconds(5))])
        XCTAssertEqual(read.summary, "delay=5")
        XCTAssertEqual(try faults([("status", "publish")], .prefixedOnly).list, [])
    }

    func test_lastValueWins_acrossBothSpellings() throws {
        XCTAssertEqual(try faults([("status", "500"), ("fault.status", "503")]).list, [.status(503)])
        XCTAssertEqual(try faults([("fault.status", "503"), ("status", "500")]).list, [.status(500)])
        XCTAssertEqual(try faults([("status", "abc"), ("status", "502")]).list, [.status(502)], "an overridden bad value is no error")
    }

    func test_badValues_firstInTheTablesOrder_namedAsSpelt() {
        XCTAssertThrowsError(try faults([("fault.status", "abc"), ("delay", "-1")])) { error in
            XCTAssertEqual((error as? ParameterError)?.parameter, "delay", "delay comes before status in the table")
        }
        XCTAssertThrowsError(try faults([("fault.status", "publish")], .prefixedOnly)) { error in
            XCTAssertEqual((error as? ParameterError)?.parameter, "fault.status")
            XCTAssertEqual((error as? ParameterError)?.error, "'publish' is not a whole number from 200 to 599")
        }
    }

    func test_rawURL_losesOnlyItsFaultParameters_restAsSent() {
        XCTAssertEqual(QueryParameters.withoutFaults(rawURL: "/x?a=%2F&fault.delay=5&b=1"), "/x?a=%2F&b=1")
        XCTAssertEqual(QueryParameters.withoutFaults(rawURL: "/x?fault%2Estatus=503&fault.reset"), "/x", "an encoded name too; no `?` left")
        XCTAssertEqual(QueryParameters.withoutFaults(rawURL: "/x?status=publish&&b"), "/x?status=publish&&b", "untouched without faults")
        XCTAssertEqual(QueryParameters.withoutFaults(rawURL: "/fault.x"), "/fault.x")
        let (app, faults) = QueryParameters(pairs: [("status", "publish"), ("fault.status", "503"), ("b", nil)]).apartFromFaults
        XCTAssertEqual(app, QueryParameters(pairs: [("status", "publish"), ("b", nil)]))
        XCTAssertEqual(faults, QueryParameters(pairs: [("fault.status", "503")]))
    }

    func test_unknownPrefixedName_isAnError_unknownBareNameIsIgnored() throws {
        XCTAssertThrowsError(try faults([("fault.dealy", "2000")], .prefixedOnly)) { error in
            let refusal = error as? ParameterError
            XCTAssertEqual(refusal?.parameter, "fault.dealy")
            XCTAssertEqual(refusal?.error, "'dealy' is not a fault")
            XCTAssertTrue(refusal?.valid.contains("fault.delay") == true, refusal?.valid ?? "")
        }
        XCTAssertEqual(try faults([("dealy", "2000"), ("expansions", "author_id")]).list, [])
    }
}
