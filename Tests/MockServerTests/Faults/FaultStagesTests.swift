import XCTest

@testable import MockServer

/// The request's fault list and the stages that read it, without a server: the list is in the
/// table's order whatever the query's, each stage picks out only its own faults, and the fault
/// table's rows give the journal outcomes and the broken replies.
final class FaultStagesTests: XCTestCase {
    private func faults(_ pairs: [(String, String?)]) throws -> RequestFaults {
        try RequestFaults(QueryParameters(pairs: pairs.map { (name: $0.0, value: $0.1) }))
    }

    func test_list_isInTheTablesOrder_whateverTheQuerysOrder() throws {
        let read = try faults([("drip", "1000"), ("bytes", "10"), ("reset", "1"), ("delay", "5"), ("q", "swift")])
        XCTAssertEqual(read.list, [.reset, .delay(.milliseconds(5)), .bytes(10), .drip(bytesPerSecond: 1000)])
        XCTAssertEqual(read.summary, "reset=1,delay=5,bytes=10,drip=1000")
    }

    func test_switchTurnedOff_isInTheSummaryButNotTheList() throws {
        let read = try faults([("reset", "0"), ("chunked", "false")])
        XCTAssertEqual(read.list, [])
        XCTAssertEqual(read.summary, "reset=0,chunked=false")
    }

    func test_badValue_isTheTablesError() {
        XCTAssertThrowsError(try faults([("delay", "-1")])) { error in
            XCTAssertEqual((error as? ParameterError)?.parameter, "delay")
            XCTAssertEqual((error as? ParameterError)?.valid, "0...3600000")
        }
        XCTAssertThrowsError(try faults([("location", "sideways")])) { error in
            XCTAssertEqual((error as? ParameterError)?.valid, Fault.Name.location.valid)
        }
    }

    func test_connectionStage_resetWins_delaysAdd() throws {
        XCTAssertEqual(ConnectionStage.decide(try faults([("delay", "5"), ("reset", "1")])), .reset)
        XCTAssertEqual(ConnectionStage.decide(try faults([("delay", "5")]), extraDelay: 10), .wait(milliseconds: 15))
        XCTAssertEqual(ConnectionStage.decide(try faults([("delay", "0"), ("drip", "10")])), .proceed)
    }

    func test_statusStage_brokenReplies_comeFromTheTable_inItsOrder() throws {
        let stage = StatusStage(flakyCounters: FlakyCounters(), failRateCounters: FlakyCounters())
        func decide(_ pairs: [(String, String?)]) throws -> String {
            switch stage.decide(try faults(pairs), path: "/x", query: QueryParameters(pairs: []), base: { "http://h" }) {
            case .reply(let reply): return "reply \(reply.status)"
            case .broken(let name): return "broken \(name.rawValue)"
            case .status(let code): return "status \(code)"
            case .proceed: return "proceed"
            }
        }
        XCTAssertEqual(try decide([("bad_chunk", "1"), ("garbage", "1")]), "broken garbage")
        XCTAssertEqual(try decide([("garbage", "1"), ("status", "503")]), "status 503")
        XCTAssertEqual(try decide([("garbage", "1"), ("status", "201")]), "broken garbage")
        XCTAssertEqual(try decide([("redirect", "2"), ("status", "503")]), "reply 302")
        XCTAssertEqual(try decide([("drip", "10"), ("corrupt", "1")]), "proceed")
        let broken = Fault.Name.allCases.filter { $0.stage == .status && $0.outcome != nil }
        XCTAssertEqual(broken, [.emptyReply, .garbage, .badChunk])
    }

    func test_outcomes_areTheRowsOfTheFaultsThatEndARequestTheirOwnWay() {
        let outcomes = Fault.Name.allCases.compactMap { name in name.outcome.map { "\(name.rawValue):\($0)" } }
        XCTAssertEqual(
            outcomes, ["reset:reset", "empty_reply:empty-reply", "garbage:garbage", "bad_chunk:bad-chunk", "truncate:truncated", "stall_after:stalled"])
    }

    func test_bodyStage_shapesInTheTablesOrder() throws {
        let reply = Reply.text(200, "hello")
        let shaped = BodyStage.shape(reply, try faults([("bytes", "8"), ("type", "text/html"), ("status", "203")]))
        XCTAssertEqual(shaped.status, 203)
        XCTAssertEqual(shaped.contentType, "text/html")
        XCTAssertEqual(shaped.length, 8)
        XCTAssertEqual(BodyStage.shape(reply, RequestFaults()).length, 5)
    }

    func test_wireShape_picksOutTheWireFaultsOnly() throws {
        let wire = WireShape(try faults([("truncate", "10"), ("drip", "100"), ("cache", "max-age=60"), ("bytes", "3")]))
        XCTAssertEqual(wire.truncate, 10)
        XCTAssertEqual(wire.drip, 100)
        XCTAssertEqual(wire.cacheControl, "max-age=60")
        XCTAssertNil(wire.stallAfter)
        XCTAssertTrue(wire.shapesBody)
        XCTAssertFalse(WireShape(try faults([("cache", "no-cache")])).shapesBody)
    }

    func test_brokenReplyBytes_neverStartAStatusLine() {
        XCTAssertEqual(BrokenReply.bytes(of: .emptyReply, random: { _ in [1, 2] }), [])
        XCTAssertEqual(BrokenReply.bytes(of: .garbage, random: { Array(repeating: UInt8(ascii: "H"), count: $0) }).first, UInt8(ascii: "#"))
        XCTAssertTrue(String(decoding: BrokenReply.bytes(of: .badChunk, random: { _ in [] }), as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }
}
