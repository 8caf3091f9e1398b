import Foundation
import XCTest

/// A request to a templated stub whose answer changes from call to call or from server to
/// server (random values, the time, the server's own port): each line of the body is checked
/// for its shape (a regular expression it must match whole) or, where it is fixed, for its text.
struct TemplatedShapeProbe: CustomStringConvertible {
    /// What one line of the body must be.
    enum Line {
        /// Exactly this text, with `{port}` standing for the answering server's port.
        case text(String)
        /// Text that a regular expression matches whole (`[0-9a-f]{8}`).
        case shape(String)
    }

    var method = "GET"
    var path: String
    var headers: [String] = []
    var body: Data?
    /// The body's lines, in order; the body has exactly these.
    var lines: [Line]
    /// A check across lines (an offset date three days after the date), returning what is
    /// wrong, or `nil` when the body passes.
    var check: (([String]) -> String?)?

    var description: String { "\(method) \(path)" }

    init(_ method: String = "GET", _ path: String, headers: [String] = [], lines: [Line], check: (([String]) -> String?)? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.lines = lines
        self.check = check
    }

    /// What is wrong with `body` from the server on `port`, or `nil` when it has the shape.
    func mismatch(in body: String, port: Int) -> String? {
        let actual = body.components(separatedBy: "\n")
        guard actual.count == lines.count else {
            return "\(actual.count) lines, expected \(lines.count):\n\(body)"
        }
        for (number, (line, expected)) in zip(actual, lines).enumerated() {
            switch expected {
            case .text(let text):
                let text = text.replacingOccurrences(of: "{port}", with: String(port))
                if line != text { return "line \(number + 1) is '\(line)', expected '\(text)'" }
            case .shape(let pattern):
                if line.range(of: "^(?:\(pattern))$", options: .regularExpression) == nil {
                    return "line \(number + 1) '\(line)' does not match /\(pattern)/"
                }
            }
        }
        return check?(actual)
    }
}

extension WireMockComparisonTests {
    /// Sends each probe to every server; each answer must be a 200 whose body has the probe's
    /// shape, so ours and WireMock's agree in everything but the values drawn.
    func assertShapes(_ probes: [TemplatedShapeProbe], file: StaticString = #filePath, line: UInt = #line) throws {
        let servers = try running()
        for probe in probes {
            for server in servers {
                let answer = CurlClient().request(
                    server.url(probe.path), method: probe.method, headers: probe.headers, body: probe.body, timeout: 10)
                let body = String(decoding: answer.body, as: UTF8.self)
                let who = "\(server.kind.rawValue), \(probe)"
                XCTAssertEqual(answer.status, 200, "\(who): status; body \(body)", file: file, line: line)
                if let problem = probe.mismatch(in: body, port: server.base.port ?? 0) {
                    XCTFail("\(who): \(problem)", file: file, line: line)
                }
            }
        }
    }

    /// A helper WireMock 2.35 lacks (it came with WireMock 3): WireMock answers 500 naming it;
    /// mockserver renders `expected`, as WireMock 3's documentation describes.
    func assertHelperNewerThanWireMock235(
        _ helper: String, path: String, expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for server in try running() {
            let answer = CurlClient().request(server.url(path), timeout: 10)
            let body = String(decoding: answer.body, as: UTF8.self)
            switch server.kind {
            case .wireMock:
                XCTAssertEqual(answer.status, 500, "WireMock 2.35, \(path)", file: file, line: line)
                XCTAssertTrue(body.contains("could not find helper: &apos;\(helper)&apos;"), body, file: file, line: line)
            case .mockServer:
                XCTAssertEqual(answer.status, 200, "mockserver, \(path): \(body)", file: file, line: line)
                XCTAssertEqual(body, expected, "mockserver, \(path)", file: file, line: line)
            }
        }
    }
}

/// Checks across the lines of a dated body.
enum TemplatedShapeChecks {
    /// The line starting `label=`, without the label.
    static func value(_ label: String, in lines: [String]) -> String? {
        lines.first { $0.hasPrefix(label + "=") }.map { String($0.dropFirst(label.count + 1)) }
    }

    /// The `yyyy-MM-dd` day of `text`, as a date in UTC.
    static func day(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.date(from: text)
    }

    /// `label`'s value is a count of `unitsPerSecond` since 1970 within five minutes of this
    /// machine's clock (both servers run on it).
    static func nearNow(_ label: String, unitsPerSecond: Double) -> ([String]) -> String? {
        { lines in
            guard let text = value(label, in: lines), let count = Double(text) else { return "no number for \(label)" }
            let drift = abs(count / unitsPerSecond - Date().timeIntervalSince1970)
            return drift < 300 ? nil : "\(label)=\(text) is \(Int(drift)) s away from this machine's clock"
        }
    }

    /// `later`'s day is `days` after `earlier`'s.
    static func daysApart(_ earlier: String, _ later: String, days: Int) -> ([String]) -> String? {
        { lines in
            guard let first = value(earlier, in: lines).flatMap(day), let second = value(later, in: lines).flatMap(day) else {
                return "no dates for \(earlier) and \(later)"
            }
            let apart = Int((second.timeIntervalSince(first) / 86_400).rounded())
            return apart == days ? nil : "\(later) is \(apart) days after \(earlier), expected \(days)"
        }
    }

    /// Every check in `checks`, the first complaint winning.
    static func all(_ checks: [([String]) -> String?]) -> ([String]) -> String? {
        { lines in checks.lazy.compactMap { $0(lines) }.first }
    }
}
