import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Deterministic synthetic rules for the duplicate benchmark: sentences of Zipf-distributed
/// words from a made-up vocabulary (as in real prose, a few words are everywhere and most are
/// rare), with some rules copied exactly, some copied with one word changed, and a few
/// boilerplate rules pasted into a large share of the skills.
struct SyntheticRules {
    var rulesPerSkill = 40
    var exactShare = 0.03
    var nearShare = 0.03
    var boilerplateTemplates = 3
    var boilerplateShare = 0.3
    var vocabularySize = 30_000

    func make(count: Int, seed: UInt64 = 42) -> (statements: [RuleStatement], skillCount: Int) {
        var generator = SeededGenerator(seed: seed)
        let vocabulary = Self.vocabulary(size: vocabularySize, using: &generator)
        let zipf = ZipfSampler(count: vocabulary.count)
        func sentence() -> String {
            let length = Int.random(in: 6...16, using: &generator)
            let words = (0..<length).map { _ in vocabulary[zipf.sample(using: &generator)] }
            return words.joined(separator: " ").capitalizedFirst + "."
        }
        let templates = (0..<boilerplateTemplates).map { _ in sentence() }
        var texts: [String] = []
        texts.reserveCapacity(count)
        var statements: [RuleStatement] = []
        statements.reserveCapacity(count)
        for index in 0..<count {
            let skill = index / rulesPerSkill
            let roll = Double.random(in: 0..<1, using: &generator)
            var text: String
            if index % rulesPerSkill < boilerplateTemplates, Double(skill % 100) < boilerplateShare * 100 {
                text = templates[index % rulesPerSkill]
            } else if roll < exactShare, !texts.isEmpty {
                text = texts[Int.random(in: 0..<texts.count, using: &generator)]
            } else if roll < exactShare + nearShare, !texts.isEmpty {
                var words = texts[Int.random(in: 0..<texts.count, using: &generator)].split(separator: " ").map(String.init)
                words[Int.random(in: 0..<words.count, using: &generator)] = vocabulary[zipf.sample(using: &generator)]
                text = words.joined(separator: " ")
            } else {
                text = (0..<Int.random(in: 1...3, using: &generator)).map { _ in sentence() }.joined(separator: " ")
            }
            texts.append(text)
            statements.append(RuleStatement(skill: "skill-\(skill)",
                                            location: SourceLocation(file: "skill-\(skill)/SKILL.md", line: index % rulesPerSkill + 1),
                                            text: text))
        }
        return (statements, (count + rulesPerSkill - 1) / rulesPerSkill)
    }

    /// Pronounceable made-up words: two to four syllables.
    private static func vocabulary(size: Int, using generator: inout SeededGenerator) -> [String] {
        let onsets = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "st", "pr", "tr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]
        var words = Set<String>()
        var ordered: [String] = []
        while ordered.count < size {
            let syllables = Int.random(in: 1...4, using: &generator)
            let word = (0..<syllables).map { _ in onsets.randomElement(using: &generator)! + vowels.randomElement(using: &generator)! }.joined()
            if words.insert(word).inserted { ordered.append(word) }
        }
        return ordered
    }
}

/// Samples ranks 0..<count with probability proportional to 1 / (rank + 1).
struct ZipfSampler {
    private var cumulative: [Double] = []

    init(count: Int) {
        var total = 0.0
        cumulative.reserveCapacity(count)
        for rank in 0..<count {
            total += 1 / Double(rank + 1)
            cumulative.append(total)
        }
    }

    func sample(using generator: inout SeededGenerator) -> Int {
        let target = Double.random(in: 0..<cumulative[cumulative.count - 1], using: &generator)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
