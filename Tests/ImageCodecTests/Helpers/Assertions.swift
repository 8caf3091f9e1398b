// Assertions for ImageCodec results; typed throws keep the error type without casts.
import ImageCodec
import XCTest

/// The error `body` throws, or nil (and a test failure) if it returns normally.
func codecError<Value>(
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws(ImageCodecError) -> Value
) -> ImageCodecError? {
    do {
        _ = try body()
        XCTFail("Expected an ImageCodecError, but the call succeeded", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows<Value>(
    _ expected: ImageCodecError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws(ImageCodecError) -> Value
) {
    guard let error = codecError(file: file, line: line, body) else { return }
    XCTAssertEqual(error, expected, file: file, line: line)
}

/// Asserts that `body` throws ``ImageCodecError/corrupt(_:)`` and returns its message.
@discardableResult
func assertThrowsCorrupt<Value>(
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws(ImageCodecError) -> Value
) -> String? {
    guard let error = codecError(file: file, line: line, body) else { return nil }
    guard case .corrupt(let message) = error else {
        XCTFail("Expected .corrupt, got \(error)", file: file, line: line)
        return nil
    }
    return message
}

/// Asserts that `info` describes a `format` image of `width` × `height` pixels.
/// (``ImageInfo`` has no public initializer to compare against.)
func assertInfo(
    _ info: @autoclosure () throws -> ImageInfo, _ format: ImageFormat, _ width: Int, _ height: Int,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let info = try info()
        XCTAssertEqual(info.format, format, "format", file: file, line: line)
        XCTAssertEqual(info.width, width, "width", file: file, line: line)
        XCTAssertEqual(info.height, height, "height", file: file, line: line)
    } catch {
        XCTFail("Expected an ImageInfo, got \(error)", file: file, line: line)
    }
}
