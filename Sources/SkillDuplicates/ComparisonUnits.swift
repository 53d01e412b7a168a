import SkillParser
/// The distinct texts of a set of statements, and the units that get compared: each distinct
/// rule as a whole and each long-enough sentence of a rule with several sentences.
///
/// Identical texts are merged before anything is hashed, so a paragraph pasted a thousand times
/// costs as much as one, and a unit remembers every text it belongs to ("owners"): a sentence
/// shared word for word by two rules is one unit with two owners.
struct ComparisonUnits: Sendable {
    struct Text: Sendable {
        var fingerprint: RuleFingerprint
        /// Indexes of the statements with this text, in input order.
        var statements: [Int]
        /// The unit of the whole text.
        var wholeUnit = -1
        /// Units of its sentences.
        var sentenceUnits: [Int] = []
    }

    struct Owner: Hashable, Sendable {
        var text: Int
        var isWhole: Bool
    }

    struct Unit: Sendable {
        /// The text and token range the unit was first seen in.
        var text: Int
        var tokens: Range<Int>
        var owners: [Owner]
    }

    var texts: [Text] = []
    var units: [Unit] = []

    /// `fingerprints[i]` is statement `i`'s, or `nil` when the statement is too short to compare.
    init(fingerprints: [RuleFingerprint?]) {
        var textIndex: [TextKey: Int] = [:]
        for (statement, fingerprint) in fingerprints.enumerated() {
            guard let fingerprint else { continue }
            if let existing = textIndex[fingerprint.key] {
                texts[existing].statements.append(statement)
            } else {
                textIndex[fingerprint.key] = texts.count
                texts.append(Text(fingerprint: fingerprint, statements: [statement]))
            }
        }
        var unitIndex: [TextKey: Int] = [:]
        unitIndex.reserveCapacity(texts.count * 2)
        func unit(_ key: TextKey, text: Int, tokens: Range<Int>, whole: Bool) -> Int {
            let owner = Owner(text: text, isWhole: whole)
            if let existing = unitIndex[key] {
                if !units[existing].owners.contains(owner) { units[existing].owners.append(owner) }
                return existing
            }
            unitIndex[key] = units.count
            units.append(Unit(text: text, tokens: tokens, owners: [owner]))
            return units.count - 1
        }
        for index in texts.indices {
            let fingerprint = texts[index].fingerprint
            texts[index].wholeUnit = unit(fingerprint.key, text: index, tokens: 0..<fingerprint.tokenCount, whole: true)
            for (sentence, key) in zip(fingerprint.sentences, fingerprint.sentenceKeys) {
                let id = unit(key, text: index, tokens: sentence, whole: false)
                if id != texts[index].wholeUnit, !texts[index].sentenceUnits.contains(id) {
                    texts[index].sentenceUnits.append(id)
                }
            }
        }
    }

    func hashes(of unit: Int) -> ArraySlice<UInt64> {
        texts[units[unit].text].fingerprint.hashes[units[unit].tokens]
    }
}
