import Foundation
import SkillParser

/// Claude Code plugin manifests at the content root, `.claude-plugin/marketplace.json` and
/// `.claude-plugin/plugin.json`, read into what the manifest checks need: the skill paths each
/// lists, where each is written, and which folders each plugin covers.
///
/// A marketplace plugin whose `source` is a local folder covers the paths in its `skills` list
/// (relative to that folder) or, without a list, its `skills/` folder, as Claude Code loads it.
/// A plugin from elsewhere (a GitHub or URL source) is not this collection's and is skipped.
/// `plugin.json` covers its `skills` list, else `skills/`.
struct PluginManifests: Sendable {
    static let folder = ".claude-plugin"
    static let fileNames = ["marketplace.json", "plugin.json"]

    /// A skill path a manifest lists.
    struct Listing: Sendable {
        /// As written in the manifest.
        var written: String
        /// Root-relative, or `nil` when it leads out of the collection.
        var path: String?
        var location: SourceLocation
    }

    /// Manifest files found (root-relative), whether or not they parse.
    private(set) var files: [String] = []
    /// Manifests that did not parse or are not shaped as expected.
    private(set) var problems: [Diagnostic] = []
    /// Explicit skill paths, and the plugins' `source` folders, which must exist.
    private(set) var listings: [Listing] = []
    /// Folders whose skills a manifest covers (listed paths and default `skills/` folders).
    private(set) var coveredFolders: [String] = []
    /// Where coverage is declared, for notes: the first plugin list or `skills` entry read.
    private(set) var declaration: SourceLocation?

    init(root: String) {
        for name in Self.fileNames {
            let file = Self.folder + "/" + name
            let path = root + "/" + file
            guard FileManager.default.fileExists(atPath: path) else { continue }
            files.append(file)
            // Read as the loader reads Markdown: a pipe or a huge file is refused, never waited on.
            let (read, problem) = CollectionLoader.readFile(atPath: path, file: file)
            guard let data = read else {
                if let problem { problems.append(problem) }
                continue
            }
            let json: LocatedJSON
            do {
                json = try LocatedJSONParser.parse(Array(data))
            } catch {
                problems.append(Diagnostic(.error, code: "invalid-plugin-manifest", "invalid JSON: \(error.message)",
                                           at: SourceLocation(file: file, line: error.line, column: error.column),
                                           suggestion: "fix the JSON at this line and column; Claude Code cannot load the plugin until it parses"))
                continue
            }
            if name == "marketplace.json" { readMarketplace(json, file: file) } else { readPlugin(json, file: file, root: "") }
        }
    }

    private mutating func readMarketplace(_ json: LocatedJSON, file: String) {
        guard case .object = json.value else { return shape("the marketplace must be an object", json, file) }
        guard let plugins = json["plugins"] else { return shape("the marketplace has no `plugins` list", json, file) }
        guard let entries = plugins.array else { return shape("`plugins` must be a list, found \(plugins.kindName)", plugins, file) }
        declaration = declaration ?? location(of: plugins, in: file)
        let pluginRoot = json["metadata"]?["pluginRoot"]?.string
        for plugin in entries {
            guard case .object = plugin.value else { shape("each plugin must be an object", plugin, file); continue }
            guard let sourceValue = plugin["source"], let source = sourceValue.string else { continue }  // remote or none
            let relative = Self.isExplicitlyRelative(source) ? source : ((pluginRoot ?? ".") + "/" + source)
            let folder = RelativePath.resolve(Self.trimmed(relative), from: "")
            listings.append(Listing(written: source, path: folder, location: location(of: sourceValue, in: file)))
            guard let folder else { continue }
            readSkills(of: plugin, root: folder, file: file)
        }
    }

    private mutating func readPlugin(_ json: LocatedJSON, file: String, root: String) {
        guard case .object = json.value else { return shape("the plugin manifest must be an object", json, file) }
        declaration = declaration ?? location(of: json, in: file)
        readSkills(of: json, root: root, file: file)
    }

    /// The `skills` of a plugin: a path or a list of paths relative to its root, else `skills/`.
    private mutating func readSkills(of plugin: LocatedJSON, root: String, file: String) {
        guard let skills = plugin["skills"] else {
            coveredFolders.append(RelativePath.resolve("skills", from: root) ?? "skills")
            return
        }
        let paths: [LocatedJSON]
        switch skills.value {
        case .string: paths = [skills]
        case .array(let items): paths = items
        default: return shape("`skills` must be a path or a list of paths, found \(skills.kindName)", skills, file)
        }
        for item in paths {
            guard let written = item.string else { shape("a skill path must be a string, found \(item.kindName)", item, file); continue }
            let path = RelativePath.resolve(Self.trimmed(written), from: root)
            listings.append(Listing(written: written, path: path, location: location(of: item, in: file)))
            if let path { coveredFolders.append(path) }
        }
    }

    private mutating func shape(_ message: String, _ value: LocatedJSON, _ file: String) {
        problems.append(Diagnostic(.error, code: "invalid-plugin-manifest", message, at: location(of: value, in: file),
                                   suggestion: "see Claude Code's plugin reference for the manifest's shape"))
    }

    private func location(of value: LocatedJSON, in file: String) -> SourceLocation {
        SourceLocation(file: file, line: value.line, column: value.column)
    }

    /// Whether a root-relative folder is covered: it is a covered folder or lies inside one.
    func covers(_ folder: String) -> Bool {
        coveredFolders.contains { $0.isEmpty || folder == $0 || folder.hasPrefix($0 + "/") }
    }

    static func isExplicitlyRelative(_ path: String) -> Bool {
        path == "." || path == ".." || path.hasPrefix("./") || path.hasPrefix("../")
    }

    /// `./skills/x/` → `skills/x`: no leading `./`, no trailing slash.
    static func trimmed(_ path: String) -> String {
        var text = Substring(path)
        while text.hasSuffix("/") && text.count > 1 { text = text.dropLast() }
        return text == "." ? "" : String(text)
    }
}
