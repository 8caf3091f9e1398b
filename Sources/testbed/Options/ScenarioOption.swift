import ArgumentParser

/// `--scenario`: which `gallery.json` the server answers with, for `gallery` and `web`.
struct ScenarioOption: ParsableArguments {
    @Option(help: "gallery.json scenario: default, mixed, offline-first or zoo (every image of the zoo, a page at a time).")
    var scenario: String?
}
