import Foundation
import FuzzHarness

#if FUZZING
/// The target `FUZZ_TARGET` names (`ci/fuzz.sh` sets it); libFuzzer brings its own `main`.
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of: \(known)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry: one input; a broken rule traps so libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let problem = fuzzTarget.check(data) { fatalError("fuzz rule broken: \(problem)") }
    return 0
}

/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links): parses libFuzzer's options
/// and runs the fuzzing loop on `callback`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The program's entry. SwiftPM links executables on Linux with `main` renamed to `<module>_main`
/// (so tests can link them), which hides libFuzzer's own `main`; this one hands over to it.
@_cdecl("fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without libFuzzer: `fuzz TARGET FILE…` runs each file through the target once and exits 1 if
/// a rule broke, to reproduce a finding in an ordinary debug build.
@main
enum FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            print("usage: fuzz \(known) FILE…")
            exit(64)
        }
        var failed = false
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot be read")
                failed = true
                continue
            }
            if let problem = target.check(data) {
                print("\(path): \(problem)")
                failed = true
            } else {
                print("\(path): ok")
            }
        }
        exit(failed ? 1 : 0)
    }
}
#endif
