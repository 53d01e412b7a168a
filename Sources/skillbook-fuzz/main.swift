import Foundation
import SiteBuilder
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `make fuzz`: feeds mutated Markdown, frontmatter, configuration and templates through the whole
/// pipeline (parse, check, dupes, site build) for a while. Any crash is a bug; the run is
/// deterministic for a seed, so `skillbook-fuzz --seed S` replays it.
///
///     skillbook-fuzz [--seconds N] [--seed S] [SEED_FOLDER]

var seconds = 60.0
var seed: UInt64 = 1
var seedFolder = "Content"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
    case "-h", "--help":
        print("usage: skillbook-fuzz [--seconds N] [--seed S] [SEED_FOLDER]")
        exit(0)
    default: seedFolder = argument
    }
}

var random = SplitMix64(seed: seed)
let seeds = FuzzSeeds.load(from: seedFolder)
print("fuzzing with seed \(seed) for \(Int(seconds)) s from \(seeds.count) seed texts")

let start = Date()
var documents = 0
var collections = 0
while Date().timeIntervalSince(start) < seconds {
    let text = Mutator.mutate(seeds.randomElement(using: &random)!, seeds: seeds, random: &random)
    var diagnostics: [Diagnostic] = []
    let document = MarkdownDocument(path: "fuzz.md", text: text, diagnostics: &diagnostics)
    _ = document.rules.count + document.headings.count
    if let template = try? MustacheTemplate(text, name: "fuzz") {
        _ = template.render(["title": "x", "items": [["name": "a"], ["name": "b"]]])
    }
    documents += 1
    if documents % 200 == 0 {
        try CollectionFuzz.run(seeds: seeds, random: &random)
        collections += 1
    }
}
let elapsed = Date().timeIntervalSince(start)
print(String(format: "%d documents (%.0f/s) and %d whole collections in %.1f s: no crash", documents,
             Double(documents) / elapsed, collections, elapsed))
