import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// A hostile `Host` header never makes the absolute URLs of an answer invalid.
final class HostHeaderTests: ServerTestCase {
    func test_galleryURLs_parseWithTheirPath_whateverTheHostHeader() throws {
        let long = String(repeating: "a", count: 300)
        // (Host value, the host and port the URLs must have; nil: the listening address)
        let table: [(String, (host: String, port: Int?)?)] = [
            ("[::1", nil), (":", nil), ("a b", nil), ("x:99999", nil), ("[::1]:80", ("::1", 80)),
            ("例え.jp", nil), ("evil.com/path", nil), ("host:80:80", nil), ("", nil), (long, nil),
            ("x:0", nil), ("x:", nil), ("[::1]x", nil), ("[zz]", nil), ("a..b", nil), ("-x%41", nil),
            ("example.com", ("example.com", nil)), ("192.168.1.20:8080", ("192.168.1.20", 8080)),
            ("Phone.local.:0080", ("phone.local.", 80)),
        ]
        for (value, expected) in table {
            // When
            let urls = try galleryURLs(host: value)

            // Then each URL parses, with the image's path and the expected authority
            XCTAssertEqual(urls.count, 6, "Host: \(value)")
            for (index, text) in urls.enumerated() {
                let url = URL(string: text)
                let components = URLComponents(string: text)
                XCTAssertNotNil(url, "Host: \(value) gave \(text)")
                XCTAssertEqual(components?.path.hasPrefix("/images/\(index + 1)."), true, "Host: \(value) gave \(text)")
                let host = components?.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
                if let expected {
                    XCTAssertEqual(host, expected.host, "Host: \(value) gave \(text)")
                    XCTAssertEqual(components?.port, expected.port, "Host: \(value) gave \(text)")
                } else {
                    XCTAssertEqual(host, "127.0.0.1", "Host: \(value) falls back to the listening address, gave \(text)")
                    XCTAssertEqual(components?.port, server.port, "Host: \(value) gave \(text)")
                }
            }
        }
    }

    func test_authority_acceptsHostsAndPorts_andRefusesTheRest() {
        XCTAssertEqual(HostHeader.authority("localhost:8080"), "localhost:8080")
        XCTAssertEqual(HostHeader.authority("[::1]:080"), "[::1]:80")
        XCTAssertEqual(HostHeader.authority("10.0.0.1"), "10.0.0.1")
        XCTAssertEqual(HostHeader.host("[::1]:80"), "[::1]")
        XCTAssertEqual(HostHeader.host("a.b:80"), "a.b")
        for bad in ["[::1", ":", "a b", "x:99999", "host:80:80", "evil.com/path", "", "[::1]:", "[::1]80", "a@b", "x:+80", "::1"] {
            XCTAssertNil(HostHeader.authority(bad), bad)
        }
    }

    /// `gallery.json`'s URLs for a request with exactly this `Host` line, sent raw.
    private func galleryURLs(host: String) throws -> [String] {
        let connection = try RawConnection(
            port: server.port, request: "GET /gallery.json HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        let (data, _) = connection.readAll(timeout: 5)
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return [] }
        let body = data[split.upperBound...]
        let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return object?["images"] as? [String] ?? []
    }
}
