/// One setting of `skillbook.yml`: its key, what it does, and its default written as YAML.
/// `skillbook init`, the "known keys" hint of `invalid-config` and the test of
/// `skillbook.schema.json` all read this list, so a new setting is described once.
public struct ConfigSetting: Sendable, Equatable {
    public var key: String
    /// One or two lines, for the comment above the key in `skillbook init`'s file.
    public var help: String
    /// The default as YAML text, or `nil` when the default is "not set" (the key is then
    /// written commented out, with `example` as its value).
    public var defaultYAML: String?
    public var example: String

    public init(_ key: String, _ help: String, default defaultYAML: String?, example: String) {
        self.key = key
        self.help = help
        self.defaultYAML = defaultYAML
        self.example = example
    }
}

extension CollectionConfig {
    /// Every setting, in the order `skillbook init` writes them.
    public static let settings: [ConfigSetting] = [
        ConfigSetting("title", "The site's title; default: the content root's folder name.",
                      default: nil, example: "My skills"),
        ConfigSetting("description", "One line under the title on the home page and in llms.txt.",
                      default: nil, example: "What this collection is for."),
        ConfigSetting("base_url", "Where the site is published; enables sitemap.xml and absolute links in llms.txt.",
                      default: nil, example: "https://example.com/skills/"),
        ConfigSetting("site_root", "The folder that site-absolute links (/docs/x.md) start from.",
                      default: nil, example: "docs"),
        ConfigSetting("external_skills", "Skills that live in other collections, so naming them is not an error.",
                      default: "[]", example: "[swiftui-expert-skill]"),
        ConfigSetting("ignore", "Globs of root-relative paths that are not checked.",
                      default: "[]", example: "[\"drafts/**\"]"),
        ConfigSetting("include", "Hidden folders to load like any other (the skills/ folder of a hidden folder is loaded anyway).",
                      default: "[]", example: "[\".private\"]"),
        ConfigSetting("exclude", "Globs of root-relative paths that are not loaded at all.",
                      default: "[]", example: "[\"vendor/**\"]"),
        ConfigSetting("related_headings", "Headings of related-skills lists, besides \"Related skills\" and lists known by their shape.",
                      default: "[]", example: "[\"Voir aussi\"]"),
        ConfigSetting("severity", "Severity per code: off, note, warning or error ('skillbook explain' lists the codes).",
                      default: "{}", example: "{orphan-reference: off}"),
        ConfigSetting("duplicate_rules", "Let 'skillbook check' report rules stated twice (duplicate-rule).",
                      default: "false", example: "true"),
        ConfigSetting("language", "The pages' language (lang) and interface strings; default: guessed from the skills' text.",
                      default: nil, example: "zh-Hans"),
        ConfigSetting("groups", "How the site groups skills: group names with skill names or globs; default: folders, category, name prefix.",
                      default: nil, example: "{Foundations: [\"hig-foundations-*\"]}"),
    ]

    /// "title, description, ...": the keys, for messages.
    public static var knownKeys: String {
        settings.map(\.key).joined(separator: ", ")
    }
}
