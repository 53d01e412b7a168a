import SkillParser
/// The distinct texts of a set of statements, and the units that get compared: each distinct
/// rule as a whole and each long-enough sentence of a rule with several sentences.
///
/// Identical texts are merged before anything is hashed, so a paragraph pasted a thousand times
/// costs as much as one, and a unit remembers every text it belongs to ("owners"): a sentence
/// shared word for word by two rules is one unit with two owners. Most texts have one statement
/// and most units one owner, so the first is kept inline and only the others in an array: a
/// large collection has a hundred thousand of each, and an array apiece was a tenth of the step.
struct ComparisonUnits: Sendable {
    struct Text: Sendable {
        var fingerprint: RuleFingerprint
        var firstStatement: Int
        var moreStatements: [Int] = []
        /// The unit of the whole text.
        var wholeUnit = -1
        /// Units of its sentences.
        var sentenceUnits: [Int] = []

        /// Indexes of the statements with this text, in input order.
        var statements: [Int] { [firstStatement] + moreStatements }
        var statementCount: Int { 1 + moreStatements.count }
    }

    struct Owner: Hashable, Sendable {
        var text: Int
        var isWhole: Bool
    }

    struct Unit: Sendable {
        var key: TextKey
        /// The text and token range the unit was first seen in.
        var text: Int
        var tokens: Range<Int>
        var firstOwner: Owner
        var moreOwners: [Owner] = []

        /// The first text the unit is the whole of, if any.
        var wholeOwner: Owner? { firstOwner.isWhole ? firstOwner : moreOwners.first(where: \.isWhole) }
    }

    var texts: [Text] = []
    var units: [Unit] = []
    /// The texts by key (`texts[i].fingerprint.key` -> i), for a step that must look texts up.
    private(set) var textIndex: TextKeyTable

    /// `fingerprints[i]` is statement `i`'s, or `nil` when the statement is too short to compare.
    init(fingerprints: [RuleFingerprint?]) {
        // Sized for about as many texts as half the statements, and units as texts (agentic-awesome-skills:
        // 174k statements, 99k texts, 128k units); a table grows when it must. Sized for all the
        // statements and twice the texts, the two were 21 MB to zero and to miss in, instead of 10.
        var textIndex = TextKeyTable(capacity: fingerprints.count / 2)
        var texts: [Text] = []
        texts.reserveCapacity(fingerprints.count)
        for statement in fingerprints.indices {
            guard let key = fingerprints[statement]?.key else { continue }
            let (existing, inserted) = textIndex.value(for: key) { texts.count }
            if inserted {
                texts.append(Text(fingerprint: fingerprints[statement]!, firstStatement: statement))
            } else {
                texts[existing].moreStatements.append(statement)
            }
        }
        self.textIndex = textIndex
        var unitIndex = TextKeyTable(capacity: texts.count)
        var units: [Unit] = []
        units.reserveCapacity(texts.count * 2)
        func unit(_ key: TextKey, text: Int, tokens: Range<Int>, whole: Bool) -> Int {
            let owner = Owner(text: text, isWhole: whole)
            let (existing, inserted) = unitIndex.value(for: key) { units.count }
            if inserted {
                units.append(Unit(key: key, text: text, tokens: tokens, firstOwner: owner))
            } else if units[existing].firstOwner != owner, !units[existing].moreOwners.contains(owner) {
                units[existing].moreOwners.append(owner)
            }
            return existing
        }
        for index in texts.indices {
            texts[index].wholeUnit = unit(texts[index].fingerprint.key, text: index,
                                          tokens: 0..<texts[index].fingerprint.tokenCount, whole: true)
            for sentence in texts[index].fingerprint.sentences.indices {
                let id = unit(texts[index].fingerprint.sentenceKeys[sentence], text: index,
                              tokens: texts[index].fingerprint.sentences[sentence], whole: false)
                if id != texts[index].wholeUnit, !texts[index].sentenceUnits.contains(id) {
                    texts[index].sentenceUnits.append(id)
                }
            }
        }
        self.texts = texts
        self.units = units
    }

    /// Each of `statementCount` statements' text (-1 for one too short to compare).
    func textOfStatements(count statementCount: Int) -> [Int32] {
        var textOf = [Int32](repeating: -1, count: statementCount)
        for index in texts.indices {
            textOf[texts[index].firstStatement] = Int32(index)
            for statement in texts[index].moreStatements { textOf[statement] = Int32(index) }
        }
        return textOf
    }

    func hashes(of unit: Int) -> ArraySlice<UInt64> {
        texts[units[unit].text].fingerprint.hashes[units[unit].tokens]
    }
}
