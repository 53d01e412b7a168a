import Foundation
import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// One whole-pipeline round: a small collection of mutated files (some not UTF-8), a mutated
/// configuration, then load, check, dupes and a site build into a scratch folder.
enum CollectionFuzz {
    static func run(seeds: [String], random: inout SplitMix64) throws {
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("skillbook-fuzz-\(random.next())")
        defer { try? manager.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("content")
        for index in 0..<4 {
            let folder = root.appendingPathComponent("skill-\(index)/references")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let skill = Mutator.mutate(seeds.randomElement(using: &random)!, seeds: seeds, random: &random)
            var bytes = Data(skill.utf8)
            if Int.random(in: 0..<10, using: &random) == 0 { bytes.append(contentsOf: [0xFF, 0xC3, 0x28]) }
            try bytes.write(to: root.appendingPathComponent("skill-\(index)/SKILL.md"))
            let reference = Mutator.mutate(seeds.randomElement(using: &random)!, seeds: seeds, random: &random)
            try Data(reference.utf8).write(to: folder.appendingPathComponent("ref.md"))
        }
        // A plugin manifest and a README list of skills, for the manifest and README checks.
        let manifest = Mutator.mutate(
            #"{"name": "m", "plugins": [{"name": "p", "source": "./", "skills": ["./skill-0", "./skill-9/"]}]}"#, seeds: [], random: &random)
        try manager.createDirectory(at: root.appendingPathComponent(".claude-plugin"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: root.appendingPathComponent(".claude-plugin/marketplace.json"))
        let readme = Mutator.mutate("# Skills\n\n| Skill | What |\n|---|---|\n| [skill-0](skill-0/SKILL.md) | A |\n| `skill-1` | B |\n\n- `skill-2`\n- `gone-skill`\n",
                                    seeds: seeds, random: &random)
        try Data(readme.utf8).write(to: root.appendingPathComponent("README.md"))
        let config = Mutator.mutate("title: T\nexternal_skills: [x]\nseverity:\n  broken-link: warning\n", seeds: [], random: &random)
        try Data(config.utf8).write(to: root.appendingPathComponent(CollectionConfig.fileName))

        let graph = try CollectionLoader.load(root: root.path)
        let (loaded, configProblems) = CollectionConfig.load(root: root.path)
        for spec in CheckOptions.Spec.allCases {
            _ = CheckRunner.run(graph: graph, config: loaded, options: CheckOptions(spec: spec))
        }
        _ = DuplicateFinder().clusters(in: graph)
        var log = StepLog(total: SiteBuilder.steps.count)
        let output = scratch.appendingPathComponent("site").path
        _ = try SiteBuilder.build(SiteInput(graph: graph, config: loaded, diagnostics: configProblems),
                                  options: SiteOptions(output: output, highlightScript: nil), log: &log)
        // Nothing may be written beside the output folder but the content we made.
        let entries = try manager.contentsOfDirectory(atPath: scratch.path).sorted()
        precondition(entries == ["content", "site"], "unexpected files beside the output: \(entries)")
    }
}
