extension TweetTimeline {
    /// The fixed cast of generated authors.
    ///
    /// Names exercise JSON and UI text handling: Cyrillic, Latin with diacritics, an emoji and
    /// embedded double quotes. Three ids are above 2^53, so a client that reads the numeric user
    /// `id` as a `Double` gets them wrong and must use `id_str`.
    static let users: [TimelineUser] = [
        TimelineUser(id: 17_874_544, name: "Ada Lovelace", screenName: "ada_lovelace"),
        TimelineUser(
            id: 1_267_310_496_218_562_561, name: "Анна Кузнецова", screenName: "anna_kuznetsova"),
        TimelineUser(id: 94_821_503, name: "Kenji Sato 🍜", screenName: "kenji_sato"),
        TimelineUser(id: 2_244_994_945, name: "Grace Hopper", screenName: "grace_hopper"),
        TimelineUser(id: 1_386_529_745_913_147_393, name: "Zoë Müller", screenName: "zoe_mueller"),
        TimelineUser(id: 50_393_960, name: "Testbed Status", screenName: "testbed_status"),
        TimelineUser(id: 312_448_916, name: "José García", screenName: "jose_garcia"),
        TimelineUser(
            id: 1_500_000_000_000_000_019, name: "Sam \"Quotes\" O'Brien", screenName: "sam_obrien_42"),
    ]

    /// The user whose screen name matches `screenName`, ignoring case and a leading `@`.
    static func user(screenName: String) -> TimelineUser? {
        var wanted = Substring(screenName)
        if wanted.hasPrefix("@") { wanted = wanted.dropFirst() }
        let lowered = wanted.lowercased()
        return users.first { $0.screenName == lowered }
    }
}
