import ArgumentParser

/// `testbed`: the command-line front end of Testbed's modules.
@main
struct TestbedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testbed",
        abstract: "Testbed's modules from the command line.",
        subcommands: [FetchCommand.self, GalleryCommand.self, FeedCommand.self, WebCommand.self])
}
