import Foundation
import XCTest

/// Every relative link of README.md and the pages under docs/ must lead somewhere: to a file or
/// folder of the repository and, with a `#fragment`, to a heading of that page. Sections move
/// between the README and the guides; this keeps a move from leaving a dead link behind.
final class DocumentationLinksTests: XCTestCase {
    func test_everyRelativeLink_pointsAtAFileAndAHeadingThatExist() throws {
        let pages = try MarkdownPages.read(from: Self.root)
        XCTAssertTrue(pages.texts.keys.contains("README.md"))
        XCTAssertTrue(pages.texts.keys.contains("docs/ARCHITECTURE.md"))
        XCTAssertGreaterThan(pages.texts.count, 5, "the guides under docs/ were found")
        let broken = pages.brokenLinks { FileManager.default.fileExists(atPath: Self.root.appending(path: $0).path) }
        XCTAssertEqual(broken, [], "dead links:\n" + broken.map(\.description).joined(separator: "\n"))
    }

    func test_aMissingFile_aMissingHeading_andAnEscapeFromTheRepository_areReported() {
        // Given pages whose links break in each way, beside links that hold
        let pages = MarkdownPages(texts: [
            "README.md": """
                # Title
                See [the guide](docs/GUIDE.md), [its part](docs/GUIDE.md#the-part-two), [a gone page](docs/GONE.md),
                [a gone part](docs/GUIDE.md#no-such-heading), [here](#title), [outside](../elsewhere.md)
                and ![a picture](docs/images/shot.png), [a site](https://example.com/#x).
                ```
                [inside a code block](docs/NOT-CHECKED.md)
                ```
                Inline code is not a link either: `[x](docs/ALSO-NOT.md)`.
                """,
            "docs/GUIDE.md": """
                # Guide
                ## The part: two
                ## Notes
                ## Notes
                Back to [the start](../README.md#title), [the second notes](#notes-1), [a third](#notes-2).
                """,
        ])
        let files: Set<String> = ["README.md", "docs/GUIDE.md", "docs/images/shot.png"]

        // When the links are checked
        let broken = pages.brokenLinks { files.contains($0) }

        // Then exactly the broken ones are reported, each with its page and line
        XCTAssertEqual(broken.map(\.description), [
            "README.md:2: docs/GONE.md (no such file)",
            "README.md:3: docs/GUIDE.md#no-such-heading (no heading 'no-such-heading' in docs/GUIDE.md)",
            "README.md:3: ../elsewhere.md (outside the repository)",
            "docs/GUIDE.md:5: #notes-2 (no heading 'notes-2' in docs/GUIDE.md)",
        ])
    }

    func test_headingAnchors_areGitHubs() {
        XCTAssertEqual(MarkdownPages.anchor(of: "The apps in a browser (`testbed web`)"), "the-apps-in-a-browser-testbed-web")
        XCTAssertEqual(MarkdownPages.anchor(of: "A request's way through the mock server"), "a-requests-way-through-the-mock-server")
        XCTAssertEqual(MarkdownPages.anchor(of: "1. mockserver vs nginx (wrk, 2 threads, 32 connections)"), "1-mockserver-vs-nginx-wrk-2-threads-32-connections")
        XCTAssertEqual(MarkdownPages.anchor(of: "Connect timeouts, chance, redirects, caches and ranges"), "connect-timeouts-chance-redirects-caches-and-ranges")
        XCTAssertEqual(MarkdownPages.anchor(of: "make_run — Über"), "make_run--über")
    }

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// The markdown pages a newcomer reads (README.md and every `.md` under docs/), keyed by their
/// path from the repository's root, and the relative links in them.
struct MarkdownPages {
    /// A link that leads nowhere: where it is written, its target and why.
    struct BrokenLink: Equatable, CustomStringConvertible {
        let page: String
        let line: Int
        let target: String
        let reason: String

        var description: String { "\(page):\(line): \(target) (\(reason))" }
    }

    let texts: [String: String]

    static func read(from root: URL) throws -> MarkdownPages {
        var texts = ["README.md": try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)]
        let docs = root.appending(path: "docs")
        let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "md" else { continue }
            let relative = "docs/" + file.standardizedFileURL.path.dropFirst(docs.standardizedFileURL.path.count + 1)
            texts[relative] = try String(contentsOf: file, encoding: .utf8)
        }
        return MarkdownPages(texts: texts)
    }

    /// Every relative link whose file does not exist (`exists` gets a path from the repository's
    /// root) or whose `#fragment` names no heading of the markdown page it leads to. Links with a
    /// scheme (`https:`, `mailto:`) and links inside code are not checked.
    func brokenLinks(exists: (String) -> Bool) -> [BrokenLink] {
        var broken: [BrokenLink] = []
        var anchorsByPage: [String: Set<String>] = [:]
        for page in texts.keys.sorted() {
            for (line, target) in Self.links(in: texts[page]!) {
                if target.contains(":") { continue }  // A URL with a scheme.
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file: String
                if parts[0].isEmpty {
                    file = page
                } else if let resolved = Self.resolve(parts[0], from: page) {
                    file = resolved
                } else {
                    broken.append(BrokenLink(page: page, line: line, target: target, reason: "outside the repository"))
                    continue
                }
                guard texts[file] != nil || exists(file) else {
                    broken.append(BrokenLink(page: page, line: line, target: target, reason: "no such file"))
                    continue
                }
                guard parts.count == 2, file.hasSuffix(".md") else { continue }
                let anchors = anchorsByPage[file] ?? Self.anchors(in: texts[file] ?? "")
                anchorsByPage[file] = anchors
                if !anchors.contains(parts[1]) {
                    broken.append(BrokenLink(page: page, line: line, target: target, reason: "no heading '\(parts[1])' in \(file)"))
                }
            }
        }
        return broken
    }

    /// The targets of `[text](target)` and `![alt](target)` outside fenced code and code spans,
    /// with their line numbers (from 1).
    static func links(in text: String) -> [(line: Int, target: String)] {
        var found: [(Int, String)] = []
        for (index, line) in prose(text) {
            let withoutCode = line.replacing(/`[^`]*`/, with: "")
            for match in withoutCode.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) {
                found.append((index, String(match.output.1)))
            }
        }
        return found
    }

    /// GitHub's anchors for the page's headings: each heading's `anchor(of:)`, and for a repeated
    /// one `-1`, `-2`… in order.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, line) in prose(text) {
            guard let heading = line.firstMatch(of: /^#{1,6}\s+(.+?)\s*#*\s*$/) else { continue }
            let anchor = Self.anchor(of: String(heading.output.1))
            let count = seen[anchor, default: 0]
            seen[anchor] = count + 1
            anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
        }
        return anchors
    }

    /// A heading's anchor as GitHub makes it: lowercased, every character but letters, marks,
    /// digits, `_`, `-` and spaces dropped, spaces turned into `-`.
    static func anchor(of heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                .connectorPunctuation:
                return true
            default:
                return scalar == " " || scalar == "-"
            }
        }
        return String(kept).replacingOccurrences(of: " ", with: "-")
    }

    /// The page's lines outside fenced code blocks, numbered from 1.
    private static func prose(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fenced.toggle()
                continue
            }
            if !fenced { lines.append((index + 1, String(line))) }
        }
        return lines
    }

    /// `target` resolved against the folder of `page`, as a path from the repository's root; nil
    /// when it climbs out of the repository.
    private static func resolve(_ target: String, from page: String) -> String? {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for component in target.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }
}
