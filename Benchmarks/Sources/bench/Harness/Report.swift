import Foundation

/// What a case promises about ours, checked against the medians.
enum Target: Sendable {
    /// ours ÷ peer must be at least this (throughput).
    case ratioAtLeast(Double)
    /// ours ÷ peer must be at most this (time, CPU).
    case ratioAtMost(Double)
    /// ours must be below this, in the row's unit.
    case below(Double)
    /// ours must be at least this, in the row's unit.
    case atLeast(Double)

    var text: String {
        switch self {
        case .ratioAtLeast(let x): "≥ \(Format.ratio(x))×"
        case .ratioAtMost(let x): "≤ \(Format.ratio(x))×"
        case .below(let x): "< \(Format.number(x))"
        case .atLeast(let x): "≥ \(Format.number(x))"
        }
    }
}

/// Whether a target was met and, if not, by how much it was missed.
enum Verdict: Sendable, Equatable {
    case met
    case missed(byPercent: Double)
    case noTarget

    var text: String {
        switch self {
        case .met: "met"
        case .missed(let percent): "MISSED by \(Format.number(percent))%"
        case .noTarget: "—"
        }
    }
}

/// One line of the report: ours against one peer, with the unit and the target.
struct Row: Sendable {
    /// The case number (1…9).
    let caseNumber: Int
    /// What was measured, with its unit ("PNG 1 MB, requests/s").
    let title: String
    /// Our side's repetitions.
    let ours: Sample
    /// The peer's name and repetitions (nil when the row has no peer, e.g. an absolute target).
    let peerName: String
    let peer: Sample?
    /// The target, if the issue sets one.
    let target: Target?
    /// A remark printed under the table (how it was measured, what limits it).
    let note: String?
    /// When ours and the peer were measured in pairs (one run of each, back to back): the
    /// median of the pairs' ours ÷ peer, which ``ratio`` and the verdict then use. A run that
    /// loses its core to another process inflates one pair, not one side's whole sample.
    let pairedRatio: Double?

    init(
        _ caseNumber: Int, _ title: String, ours: Sample, peer peerName: String, _ peer: Sample?,
        target: Target? = nil, note: String? = nil, pairedRatio: Double? = nil
    ) {
        self.caseNumber = caseNumber
        self.title = title
        self.ours = ours
        self.peerName = peerName
        self.peer = peer
        self.target = target
        self.note = note
        self.pairedRatio = pairedRatio
    }

    /// ours ÷ peer: the median of the pairs' ratios if measured in pairs, else of the medians.
    var ratio: Double? {
        if let pairedRatio { return pairedRatio }
        guard let peer, peer.median != 0 else { return nil }
        return ours.median / peer.median
    }

    var verdict: Verdict {
        guard let target else { return .noTarget }
        switch target {
        case .ratioAtLeast(let bound):
            guard let ratio else { return .noTarget }
            return ratio >= bound ? .met : .missed(byPercent: (bound - ratio) / bound * 100)
        case .ratioAtMost(let bound):
            guard let ratio else { return .noTarget }
            return ratio <= bound ? .met : .missed(byPercent: (ratio / bound - 1) * 100)
        case .below(let bound):
            return ours.median < bound ? .met : .missed(byPercent: (ours.median / bound - 1) * 100)
        case .atLeast(let bound):
            return ours.median >= bound ? .met : .missed(byPercent: (bound - ours.median) / bound * 100)
        }
    }
}

/// Number formatting shared by the terminal table and the markdown report.
enum Format {
    /// Three significant digits, grouped thousands for big values.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        if magnitude >= 1000 { return grouped(Int(value.rounded())) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        if magnitude == 0 { return "0" }
        return String(format: "%.3g", value)
    }

    static func ratio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// "median (min–max)" for a sample of several values, the value alone for one.
    static func sample(_ sample: Sample) -> String {
        sample.values.count == 1
            ? number(sample.median)
            : "\(number(sample.median)) (\(number(sample.min))–\(number(sample.max)))"
    }
}

/// The finished report: every row, and the facts about the machine and the run.
struct Report: Sendable {
    var rows: [Row] = []
    /// Case number → remarks about how the case ran (sizes, what was skipped, why).
    var remarks: [Int: [String]] = [:]

    mutating func remark(_ caseNumber: Int, _ text: String) {
        remarks[caseNumber, default: []].append(text)
    }

    var missed: [Row] { rows.filter { if case .missed = $0.verdict { true } else { false } } }

    /// The table printed on the terminal.
    func terminalTable() -> String {
        let header = ["case", "measure", "ours", "peer", "peer value", "ours/peer", "target", "verdict"]
        var lines: [[String]] = [header]
        for row in rows {
            lines.append([
                "\(row.caseNumber)", row.title, Format.number(row.ours.median), row.peerName,
                row.peer.map { Format.number($0.median) } ?? "—",
                row.ratio.map { Format.ratio($0) + "×" } ?? "—",
                row.target?.text ?? "—", row.verdict.text,
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.enumerated().map { index, cells in
            let line = cells.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            return index == 0 ? line + "\n" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") : line
        }.joined(separator: "\n")
    }

    /// The markdown section docs/PERFORMANCE.md holds between its markers.
    func markdown(machine: Machine, started: Date, elapsed: Double, options: String) -> String {
        var out: [String] = []
        out.append("Measured \(Self.dateText(started)) by `make bench` (\(options)) in \(Int(elapsed.rounded())) s.")
        out.append("")
        out.append(contentsOf: machine.markdownLines)
        out.append("")
        out.append("Each figure is the median of the repetitions, with the lowest and highest in brackets.")
        out.append("")
        for caseNumber in Set(rows.map(\.caseNumber)).sorted() {
            out.append("### \(caseNumber). \(Self.caseTitles[caseNumber] ?? "")")
            out.append("")
            out.append("| measure | ours | peer | peer's value | ours/peer | target | verdict |")
            out.append("|---|---|---|---|---|---|---|")
            for row in rows where row.caseNumber == caseNumber {
                let verdict = row.verdict == .met ? "met" : row.verdict == .noTarget ? "—" : "**\(row.verdict.text)**"
                out.append(
                    "| \(row.title) | \(Format.sample(row.ours)) | \(row.peerName) | "
                        + "\(row.peer.map { Format.sample($0) } ?? "—") | \(row.ratio.map { Format.ratio($0) + "×" } ?? "—") | "
                        + "\(row.target?.text ?? "—") | \(verdict) |")
            }
            let notes = rows.filter { $0.caseNumber == caseNumber }.compactMap(\.note) + (remarks[caseNumber] ?? [])
            if !notes.isEmpty {
                out.append("")
                for note in notes { out.append("- \(note)") }
            }
            out.append("")
        }
        let missed = self.missed
        out.append("### Targets missed")
        out.append("")
        if missed.isEmpty {
            out.append("None: every target was met in this run.")
        } else {
            for row in missed {
                out.append("- case \(row.caseNumber), \(row.title): ours \(Format.number(row.ours.median)), target \(row.target!.text), \(row.verdict.text).")
            }
        }
        return out.joined(separator: "\n")
    }

    static let caseTitles: [Int: String] = [
        1: "mockserver vs nginx (wrk, 2 threads, 32 connections)",
        2: "mockserver holding 1,000 stalled connections",
        3: "CurlHTTPClient vs the curl CLI vs URLSessionHTTPClient",
        4: "caches, decoding and coalescing",
        5: "TweetStore vs raw sqlite3",
        6: "peak memory through ImagePipeline",
        7: "WireMock-format stubs: mockserver vs WireMock vs nginx (wrk, 2 threads, 32 connections)",
        8: "HTTPS: mockserver vs nginx, one CA (wrk, 2 threads, 32 connections)",
        9: "the image zoo: first requests, mockserver vs nginx, small requests beside large renders",
        10: "proxying: mockserver --proxy-all vs WireMock's proxy vs nginx proxy_pass (wrk, 2 threads, 32 connections)",
    ]

    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
