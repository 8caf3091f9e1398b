import ArgumentParser
import Messages

/// `--lang`: the language of the screens' texts, for `gallery`, `feed` and `web` (`fetch` has
/// its own, about its one message).
struct LanguageOption: ParsableArguments {
    @Option(help: "Language of the texts: ru or en (default: from LANG).")
    var lang: Language?
}
