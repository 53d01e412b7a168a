import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Finds the content root a command works on and shows paths relative to the current folder.
enum ContentRoot {
    /// The folder given, else `Content/` when it exists, else the current folder.
    static func resolve(_ argument: String?) -> String {
        if let argument { return argument }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Content", isDirectory: &isFolder), isFolder.boolValue {
            return "Content"
        }
        return "."
    }

    /// A loaded collection with the configuration it was loaded with.
    struct Collection {
        var graph: SkillGraph
        var config: CollectionConfig
        /// Problems with the configuration file, for commands that report them.
        var configProblems: [Diagnostic]
    }

    /// Reads the configuration (`explicitConfig`, else the root's skillbook.yml), then loads the
    /// graph with it (through `cache` when given), printing a clear error for a root that cannot be read.
    static func loadCollection(_ argument: String?, explicitConfig: String? = nil, cache: ParseCache? = nil,
                               console: Console) throws -> Collection {
        let root = resolve(argument)
        let (config, problems) = CollectionConfig.load(root: root, explicitPath: explicitConfig)
        return Collection(graph: try CollectionLoader.load(root: root, config: config, cache: cache), config: config,
                          configProblems: problems)
    }

    /// Loads the graph (with the root's skillbook.yml), printing a clear error for a root that cannot be read.
    static func load(_ argument: String?, console: Console) -> SkillGraph? {
        do {
            return try loadCollection(argument, console: console).graph
        } catch {
            console.error("error: \(error)\n")
            return nil
        }
    }

    /// A closure that turns root-relative paths into paths relative to the current folder.
    static func displayPath(for graph: SkillGraph) -> @Sendable (String) -> String {
        displayPath(forRoot: graph.root)
    }

    /// The same for a root given as an absolute, resolved path.
    static func displayPath(forRoot root: String) -> @Sendable (String) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
            .resolvingSymlinksInPath().path
        let prefix: String
        if root == cwd {
            prefix = ""
        } else if root.hasPrefix(cwd + "/") {
            prefix = String(root.dropFirst(cwd.count + 1)) + "/"
        } else {
            prefix = RelativePath.relative(String(root.dropFirst()), from: String(cwd.dropFirst())) + "/"
        }
        return { prefix + $0 }
    }

    /// Prints loading diagnostics to stderr in compiler style.
    static func report(_ diagnostics: [Diagnostic], of graph: SkillGraph, console: Console) {
        guard !diagnostics.isEmpty else { return }
        let text = DiagnosticText(color: console.colorOnStandardError, displayPath: displayPath(for: graph))
        console.error(text.format(diagnostics))
    }
}
