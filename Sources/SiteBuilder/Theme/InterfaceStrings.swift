import Foundation

/// The theme's interface strings in the site's language: `strings/<language>.strings` of the
/// theme (`key = value` lines, `#` comments), over the English file so that a missing key still
/// reads. Every sentence the site shows that is not the collection's own text comes from here:
/// templates use `{{strings.key}}`, page models `text(_:_:)` and `count(_:_:_:)`, and the
/// scripts read theirs from data attributes the templates fill.
///
/// A value may hold `{name}` placeholders. A count has one line per plural form of the language
/// (`skills.one = {count} skill`, `skills.other = {count} skills`; see `PluralRule`); a language
/// file that writes any form of a count replaces all of English's forms of it, so that English's
/// `one` never shows through a Chinese `other`.
struct InterfaceStrings: Sendable {
    let language: String
    let values: [String: String]
    /// The permalink's label (`permalink`, filled with the heading) and the list joiner
    /// (`listItem`, filled with the list so far and the next item), cut once for the site:
    /// cut for every document and table, they were 5% of rendering the Markdown.
    let permalinkLabel: [Piece]
    private let listItem: [Piece]

    static let fallback = "en"
    /// The default theme's English strings, for callers that render outside a site build.
    static let english = InterfaceStrings(theme: .standard, language: fallback)

    init(theme: Theme, language: String) {
        self.language = language
        var values = Self.parse(theme.files["strings/\(Self.fallback).strings"])
        if let file = Self.file(for: language, in: theme) {
            let own = Self.parse(theme.files[file])
            let counts = Set(own.keys.compactMap(Self.countKey))
            values = values.filter { key, _ in Self.countKey(key).map { !counts.contains($0) } ?? true }
            values.merge(own) { $1 }
        }
        self.values = values
        permalinkLabel = Self.pieces(values["permalink"] ?? "permalink") { $0 == "heading" }
        listItem = Self.pieces(values["listItem"] ?? "listItem") { $0 == "list" || $0 == "item" }
    }

    /// The string of `key`, or the key itself when no file has it (so a missing string shows
    /// up in the page instead of vanishing).
    subscript(key: String) -> String { values[key] ?? key }

    /// The string of `key` with its `{name}` placeholders filled.
    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        Self.fill(self[key], arguments)
    }

    /// The form of the count `key` for `count` in this language, with `{count}` and the other
    /// placeholders filled: `count("skills", 1)` is "1 skill", in Chinese "1 个技能".
    func count(_ key: String, _ count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = String(count)
        return Self.fill(form(key, count), arguments)
    }

    /// The unfilled form of the count `key` for `count`: the language's category, else `other`.
    func form(_ key: String, _ count: Int) -> String {
        let category = PluralRule.category(of: count, language: language)
        return values["\(key).\(category.rawValue)"] ?? values["\(key).other"] ?? key
    }

    /// The strings as a template value: `{{strings.key}}`, and a count's forms as
    /// `{{strings.key.one}}`, `{{strings.key.other}}` (for the scripts' data attributes).
    var templateValue: MustacheValue {
        var object: MustacheObject = [:]
        var forms: [String: MustacheObject] = [:]
        for (key, value) in values {
            if let base = Self.countKey(key) {
                forms[base, default: [:]][String(key.dropFirst(base.count + 1))] = .string(value)
            } else {
                object[key] = .string(value)
            }
        }
        for (base, values) in forms { object[base] = .object(values) }
        return .object(object)
    }

    /// `skills` for `skills.one`: the count a plural form belongs to, `nil` for a plain string.
    static func countKey(_ key: String) -> String? {
        guard let dot = key.lastIndex(of: "."),
              PluralRule.Category(rawValue: String(key[key.index(after: dot)...])) != nil else { return nil }
        return String(key[..<dot])
    }

    /// One pass over the template, so a value that holds `{name}` itself is never filled again.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        // A byte search: `contains("{")` went through Foundation's string search (a tenth of
        // rendering a document's Markdown, asked for every heading's permalink label).
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        for piece in pieces(template, filling: { arguments[$0] != nil }) {
            switch piece {
            case .text(let text): result += text
            case .argument(let name): result += arguments[name]!
            }
        }
        return result
    }

    /// A template's text and the places its arguments go, as `fill` fills them.
    enum Piece: Sendable, Equatable {
        case text(String)
        case argument(String)
    }

    /// `template` cut where `fill` puts the arguments whose names `filling` accepts: a label
    /// filled for every heading of a page is cut once (finding `{` by character cost a tenth
    /// of rendering a document's Markdown). A `{name}` of another name stays text.
    static func pieces(_ template: String, filling: (String) -> Bool) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let name = rest[open...].firstIndex(of: "}").map { String(rest[rest.index(after: open)..<$0]) }
            guard let name, filling(name) else {
                text.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            pieces.append(.argument(name))
            text = ""
            rest = rest[rest.index(after: open)...].drop { $0 != "}" }.dropFirst()
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

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

extension InterfaceStrings {
    /// Items joined as the language lists them (`listItem`: "a, b" or "a，b").
    func list(_ items: [String]) -> String {
        guard var result = items.first else { return "" }
        // `text("listItem", ["list": result, "item": item])`, from the pieces cut once.
        for item in items.dropFirst() {
            var joined = ""
            for piece in listItem {
                switch piece {
                case .text(let text): joined += text
                case .argument(let name): joined += name == "list" ? result : item
                }
            }
            result = joined
        }
        return result
    }
}
