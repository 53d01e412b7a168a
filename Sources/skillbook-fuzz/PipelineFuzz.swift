import Foundation
import SiteBuilder
import SkillParser

/// The whole-pipeline mutation fuzzer: mutated documents and templates, and every 200th round a
/// mutated collection through load, check, dupes and a site build (`CollectionFuzz`).
enum PipelineFuzz {
    static func run(_ arguments: [String]) {
        var seconds = 60.0
        var seed: UInt64 = 1
        var seedFolder = "Content"
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds": seconds = Double(rest.popFirst() ?? "") ?? seconds
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? seed
            default: seedFolder = argument
            }
        }
        var random = SplitMix64(seed: seed)
        let seeds = FuzzSeeds.load(from: seedFolder)
        print("pipeline: seed \(seed), \(Int(seconds)) s, \(seeds.count) seed texts")
        let start = Date()
        var documents = 0
        var collections = 0
        while Date().timeIntervalSince(start) < seconds {
            let text = Mutator.mutate(seeds.randomElement(using: &random)!, seeds: seeds, random: &random)
            ParserFuzzEntry.markdown(Array(text.utf8))
            SiteFuzzEntry.mustache(Array(text.utf8))
            documents += 1
            if documents % 200 == 0 {
                do {
                    try CollectionFuzz.run(seeds: seeds, random: &random)
                } catch {
                    print("pipeline: a build failed (seed \(seed), round \(documents)): \(error)")
                    exit(1)
                }
                collections += 1
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        print(String(format: "pipeline: %d documents (%.0f/s) and %d whole collections in %.1f s: no crash", documents,
                     Double(documents) / elapsed, collections, elapsed))
    }
}
