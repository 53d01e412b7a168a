import Foundation
@testable import SkillParser
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates

/// Runs the checks over a fixture tree and keeps what the test looks at.
struct CheckFixture {
    let tree: FixtureTree
    let graph: SkillGraph

    /// `config` is what the loader reads too (`site_root`, folders, related-skills headings).
    init(_ files: [String: String], config: CollectionConfig = CollectionConfig()) throws {
        tree = try FixtureTree(files)
        graph = try CollectionLoader.load(root: tree.path, config: config)
    }

    /// The same tree, loaded again with `config`.
    init(_ other: CheckFixture, config: CollectionConfig) throws {
        tree = other.tree
        graph = try CollectionLoader.load(root: tree.path, config: config)
    }

    /// Every diagnostic of the full run (load problems, all checks, configuration applied).
    func all(config: CollectionConfig = CollectionConfig(), spec: CheckOptions.Spec = .default) -> [Diagnostic] {
        CheckRunner.run(graph: graph, config: config, options: CheckOptions(spec: spec))
    }

    /// Diagnostics with one of `codes`, as `file:line:column code` lines for compact expectations.
    func found(_ codes: Set<String>, config: CollectionConfig = CollectionConfig(), spec: CheckOptions.Spec = .default) -> [String] {
        all(config: config, spec: spec).filter { codes.contains($0.code) }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.code)" }
    }

    func diagnostics(_ code: String, config: CollectionConfig = CollectionConfig(), spec: CheckOptions.Spec = .default) -> [Diagnostic] {
        all(config: config, spec: spec).filter { $0.code == code }
    }
}

/// A SKILL.md with a valid manifest for `name` and the given body.
func skill(_ name: String, _ body: String = "") -> String {
    "---\nname: \(name)\ndescription: Use when testing \(name).\n---\n# \(name)\n\n\(body)"
}
