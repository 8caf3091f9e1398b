// storecrash DATABASE PAGES.json [--flaw NAME]
//
// The TweetStore suite's crashing saver for our caches: opens the feed cache at DATABASE (the
// real TweetStore, or a broken twin with --flaw), saves each page of PAGES.json ([[Tweet]],
// JSONEncoder defaults) in order, printing `saved N` after each. The suite kills it with SIGKILL
// part-way. Exit status: 0 done, 2 bad arguments, 1 a failure (printed on standard error).
import BrokenStores
import Foundation
import FeedData
import Storage

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("storecrash: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 || (arguments.count == 4 && arguments[2] == "--flaw") else {
    fail("usage: storecrash DATABASE PAGES.json [--flaw \(StoreFlaw.allCases.map(\.rawValue).joined(separator: "|"))]", status: 2)
}
let database = URL(fileURLWithPath: arguments[0])
let flaw: StoreFlaw?
if arguments.count == 4 {
    guard let named = StoreFlaw(rawValue: arguments[3]) else { fail("unknown flaw \(arguments[3])", status: 2) }
    flaw = named
} else {
    flaw = nil
}

let pages: [[Tweet]]
do {
    pages = try JSONDecoder().decode([[Tweet]].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
} catch {
    fail("cannot read the pages: \(error)", status: 2)
}

do {
    let tweets: any TweetCaching
    if let flaw {
        tweets = try await BrokenFeedCache.open(at: database, avatarBytes: 1 << 20, flaw: flaw).tweets
    } else {
        tweets = TweetStore(database: try await FeedDatabase.open(at: database))
    }
    for (index, page) in pages.enumerated() {
        try await tweets.save(page)
        FileHandle.standardOutput.write(Data("saved \(index + 1)\n".utf8))
    }
} catch {
    fail("\(error)", status: 1)
}
