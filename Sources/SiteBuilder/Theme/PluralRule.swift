/// Which plural form a count takes in a language, after the CLDR plural rules for cardinal
/// numbers (whole numbers only: the site counts skills, documents and findings). A strings file
/// writes one line per form it has, `key.one = …` and `key.other = …`; a language whose rule
/// has no `one` (Chinese, Japanese, Korean, …) writes `key.other` alone.
enum PluralRule {
    enum Category: String, Sendable, CaseIterable {
        case zero, one, two, few, many, other
    }

    static func category(of count: Int, language: String) -> Category {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? language.lowercased()
        let n = abs(count)
        switch primary {
        case "zh", "ja", "ko", "vi", "th", "id", "ms", "my", "lo", "km":
            return .other
        case "fr", "pt", "hy", "ff", "kab":
            // French and Portuguese (Brazil) count 0 and 1 as `one`.
            return n <= 1 ? .one : .other
        case "ru", "uk", "be":
            if n % 10 == 1, n % 100 != 11 { return .one }
            if (2...4).contains(n % 10), !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10), !(12...14).contains(n % 100) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        default:
            // English, German, Spanish, Italian, Dutch, the Nordic languages and most others.
            return n == 1 ? .one : .other
        }
    }
}
