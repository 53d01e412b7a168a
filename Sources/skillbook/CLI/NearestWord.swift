import SkillParser

/// "Did you mean" for the command line: the one known word nearest to a mistyped command or
/// option, so an error can name it instead of printing the whole help.
enum NearestWord {
    /// The nearest of `candidates` to `word`, compared without leading dashes, or `nil` when
    /// none is close enough to be a slip.
    static func to(_ word: String, among candidates: [String]) -> String? {
        let bare = String(word.drop { $0 == "-" })
        guard !bare.isEmpty else { return nil }
        var byBareName: [String: String] = [:]
        for candidate in candidates { byBareName[String(candidate.drop { $0 == "-" }), default: candidate] = candidate }
        let names = byBareName.keys.sorted()
        // Prefixes come first: `--form` means `--format` more surely than any edit does.
        let prefixed = names.filter { $0.hasPrefix(bare) }
        if prefixed.count == 1 { return byBareName[prefixed[0]] }
        let limit = max(NearestNames.allowedDistance(for: bare), bare.count >= 4 ? 2 : 1)
        return NearestNames.suggest(bare, among: names, count: 1, limit: limit).first.flatMap { byBareName[$0] }
    }
}

extension CommandSpec {
    /// The option nearest to a mistyped one (`--fromat` → `--format`), spelled with its dashes.
    func nearestOption(to argument: String) -> String? {
        let names = options.map { "--" + $0.name } + ["--help"]
        return NearestWord.to(argument, among: names)
    }
}
