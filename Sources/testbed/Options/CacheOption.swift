import ArgumentParser
import Foundation

/// `--cache`: the folder for images and the gallery list, for `gallery` and `web`.
struct CacheOption: ParsableArguments {
    @Option(help: "Cache folder (images and the gallery list); default: a folder under the temporary directory.")
    var cache: String?

    /// `--cache`, else the folder `name` under the temporary directory.
    func folder(defaultName name: String) -> URL {
        cache.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent(name)
    }
}
