import Foundation

/// Lets every pending main-actor job and short hop run (for "nothing happens" assertions).
@MainActor
func settle() async {
    for _ in 0..<20 {
        try? await Task.sleep(for: .milliseconds(2))
        await Task.yield()
    }
}
