import Foundation

/// `skillbook.yml`: settings of a collection, read from the content root or a given file.
///
/// ```yaml
/// title: Apple HIG skills
/// description: Human Interface Guidelines as Agent Skills.
/// base_url: https://example.com/skills/     # enables sitemap.xml
/// external_skills: [swiftui-expert-skill]   # skills that live in other collections
/// site_root: docs                           # the folder that site-absolute links (/x.md) mean
/// ignore: ["drafts/**"]                     # globs of root-relative paths not checked
/// include: [".private"]                     # hidden folders to load (`.x/skills` is loaded anyway)
/// exclude: ["archive/**"]                   # globs of paths not loaded at all
/// related_headings: ["Voir aussi"]          # more headings of related-skills sections
/// severity:                                 # per-code severity: off, note, warning, error
///   orphan-reference: off
/// duplicate_rules: true                     # let `check` report duplicate-rule
/// language: zh-Hans                          # the pages' language (guessed from the text when absent)
/// groups:                                    # how the site groups skills: names or globs
///   Foundations: [hig-foundations-*]
/// ```
public struct CollectionConfig: Sendable, Equatable {
    public static let fileName = "skillbook.yml"

    /// A severity override: a severity, or `off` to drop the code.
    public enum Level: String, Sendable, Equatable {
        case off, note, warning, error

        public var severity: Severity? {
            switch self {
            case .off: nil
            case .note: .note
            case .warning: .warning
            case .error: .error
            }
        }
    }

    public var title: String?
    public var description: String?
    public var baseURL: String?
    public var externalSkills: [String] = []
    public var siteRoot: String?
    public var ignore: [String] = []
    /// Globs of hidden folders to load like any other.
    public var include: [String] = []
    /// Globs of root-relative paths not loaded.
    public var exclude: [String] = []
    /// Headings that open a related-skills section, besides those recognised by their shape.
    public var relatedHeadings: [String] = []
    public var severity: [String: Level] = [:]
    /// Where each code of `severity` is written, for diagnostics about it.
    public var severityLocations: [String: SourceLocation] = [:]
    public var duplicateRules = false
    /// The language of the collection's text as a BCP 47 tag (`en`, `zh-Hans`), when set.
    public var language: String?
    /// Named groups of skills for the site, in the order written: each a list of skill names or
    /// globs over names and folders.
    public var groups: [Group] = []
    /// Where the configuration was read from, when it was.
    public var path: String?

    public init() {}

    /// A group of `groups:`: its name and the patterns of its members.
    public struct Group: Sendable, Equatable {
        public var name: String
        public var patterns: [String]

        public init(name: String, patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }
    }

    /// Reads `explicitPath`, else `skillbook.yml` in `root` when it exists, else the defaults.
    /// A missing explicit file or a malformed one is reported; known keys that are malformed
    /// keep their defaults.
    public static func load(root: String, explicitPath: String? = nil) -> (CollectionConfig, [Diagnostic]) {
        let path = explicitPath ?? (root as NSString).appendingPathComponent(fileName)
        let display = explicitPath ?? fileName
        guard let data = FileManager.default.contents(atPath: path) else {
            if explicitPath != nil {
                return (CollectionConfig(), [Diagnostic(.error, code: "invalid-config", "cannot read the configuration file",
                                                        at: SourceLocation(file: display, line: 1),
                                                        suggestion: "check the path given to --config")])
            }
            return (CollectionConfig(), [])
        }
        let text = MarkdownDocument.normalize(String(decoding: data, as: UTF8.self))
        let read = YAMLReader.readMapping(text, file: display, firstLine: 1)
        var config = CollectionConfig()
        config.path = display
        // The YAML reader names frontmatter problems; in this file every one of them is a malformed configuration.
        var diagnostics = read.diagnostics.map { diagnostic -> Diagnostic in
            var copy = diagnostic
            copy.code = "invalid-config"
            return copy
        }
        for entry in read.entries ?? [] {
            config.apply(entry, diagnostics: &diagnostics)
        }
        return (config, diagnostics)
    }

    private mutating func apply(_ entry: YAMLEntry, diagnostics: inout [Diagnostic]) {
        func string() -> String? {
            if let text = entry.value.stringValue { return text }
            diagnostics.append(Diagnostic(.error, code: "invalid-config", "`\(entry.key)` must be a string, found \(entry.value.kindName)",
                                          at: entry.location))
            return nil
        }
        func strings() -> [String] {
            switch entry.value {
            case .string(let text): return [text]
            case .list(let items): return items.map(\.displayText)
            case .null: return []
            case .map:
                diagnostics.append(Diagnostic(.error, code: "invalid-config", "`\(entry.key)` must be a list of strings, found a map",
                                              at: entry.location))
                return []
            }
        }
        switch entry.key {
        case "title": title = string()
        case "description": description = string()
        case "base_url":
            guard let text = string() else { return }
            if Self.isWebURL(text) {
                baseURL = text
            } else {
                diagnostics.append(Diagnostic(.error, code: "invalid-config",
                                              "`base_url` must be an http or https address, found `\(text.escapingControlCharacters)`",
                                              at: entry.location, suggestion: "write the address the site is published at, for example `https://example.com/skills/`"))
            }
        case "site_root": siteRoot = string()
        case "external_skills": externalSkills = strings()
        case "ignore": ignore = strings()
        case "include": include = strings()
        case "exclude": exclude = strings()
        case "related_headings": relatedHeadings = strings()
        case "language":
            if let text = string() {
                if text.range(of: "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", options: .regularExpression) != nil {
                    language = text
                } else {
                    diagnostics.append(Diagnostic(.error, code: "invalid-config", "`language` must be a language tag such as `en` or `zh-Hans`, found `\(text)`",
                                                  at: entry.location))
                }
            }
        case "groups":
            guard case .map(let items) = entry.value else {
                diagnostics.append(Diagnostic(.error, code: "invalid-config", "`groups` must map group names to lists of skill names or globs",
                                              at: entry.location))
                return
            }
            for item in items {
                switch item.value {
                case .string(let text): groups.append(Group(name: item.key, patterns: [text]))
                case .list(let values): groups.append(Group(name: item.key, patterns: values.map(\.displayText)))
                default:
                    diagnostics.append(Diagnostic(.error, code: "invalid-config", "group `\(item.key)` must be a list of skill names or globs",
                                                  at: item.location))
                }
            }
        case "duplicate_rules":
            let text = string()?.lowercased()
            duplicateRules = ["true", "yes", "on"].contains(text ?? "")
        case "severity":
            guard case .map(let items) = entry.value else {
                diagnostics.append(Diagnostic(.error, code: "invalid-config", "`severity` must map codes to off, note, warning or error",
                                              at: entry.location))
                return
            }
            for item in items {
                if let text = item.value.stringValue, let level = Level(rawValue: text) {
                    severity[item.key] = level
                    severityLocations[item.key] = item.location
                } else {
                    diagnostics.append(Diagnostic(.error, code: "invalid-config",
                                                  "severity of `\(item.key)` must be off, note, warning or error, found `\(item.value.displayText)`",
                                                  at: item.location))
                }
            }
        default:
            diagnostics.append(Diagnostic(.warning, code: "invalid-config", "unknown configuration key `\(entry.key)`",
                                          at: entry.location,
                                          suggestion: "known keys: \(Self.knownKeys)"))
        }
    }

    /// `http(s)://host...` with nothing a browser would read as markup or whitespace: the base
    /// URL is written into links, the sitemap and the 404 page, so `javascript:` and the like
    /// must never get there.
    static func isWebURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard let rest = ["https://", "http://"].first(where: lowered.hasPrefix).map({ text.dropFirst($0.count) }),
              let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty
        else { return false }
        return !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || "\"'<>\\`".unicodeScalars.contains($0) }
    }
}
