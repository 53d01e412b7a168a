import Foundation

/// The theme's interface strings in the site's language: `strings/<language>.strings` of the
/// theme (`key = value` lines, `#` comments), over the English file so that a missing key still
/// reads. Templates use them as `{{strings.key}}`.
struct InterfaceStrings: Sendable {
    let language: String
    let values: [String: String]

    static let fallback = "en"

    init(theme: Theme, language: String) {
        self.language = language
        var values = Self.parse(theme.files["strings/\(Self.fallback).strings"])
        if let file = Self.file(for: language, in: theme) {
            values.merge(Self.parse(theme.files[file])) { $1 }
        }
        self.values = values
    }

    subscript(key: String) -> String { values[key] ?? key }

    /// The strings file for a language tag: the exact tag, else `zh` → `zh-Hans`, else the
    /// primary language (`en-GB` → `en`).
    static func file(for language: String, in theme: Theme) -> String? {
        let primary = language.split(separator: "-").first.map(String.init) ?? language
        let candidates = [language, primary == "zh" && !language.contains("Hant") ? "zh-Hans" : primary, primary]
        return candidates.map { "strings/\($0).strings" }.first { theme.has($0) }
    }

    static func parse(_ data: Data?) -> [String: String] {
        guard let data else { return [:] }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.hasPrefix("#"), let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !key.isEmpty { values[key] = value }
        }
        return values
    }
}
