import ArgumentParser

/// `--scenario`: which `gallery.json` the server answers with, for `gallery` and `web`.
struct ScenarioOption: ParsableArguments {
    @Option(help: "gallery.json scenario: default, mixed or offline-first.")
    var scenario: String?
}
