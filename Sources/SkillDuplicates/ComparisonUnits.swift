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
    /// Texts by key (`texts[i].fingerprint.key` -> i), for a step that must look texts up: every
    /// text, or, made with `known`, the texts of the statements the cache did not know (any other
    /// text is reached through its statements: `MatchPatch`).
    private(set) var textIndex: TextKeyTable
    /// Units by key (`units[i].key` -> i).
    private var unitIndex: TextKeyTable

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
        (units, unitIndex) = Self.units(of: &texts)
        self.texts = texts
    }

    /// The same texts and units as `init(fingerprints:)`, the statements' texts merged through
    /// `known`: `known[i]` is statement i's text among the last run's `previousTextCount` distinct
    /// texts when its file is one that run had (then `fingerprints[i]` is that text's), negative
    /// otherwise. A statement of a known text joins the text made for the first statement of the
    /// same one, found by array; only the other statements' keys go into a table, a small one,
    /// through which a new statement and a known text with the same key meet (the last run's
    /// texts are distinct, so no key is under two of them). Probing a table of every text for
    /// every statement was most of this step on a rebuild (174k probes of a 5 MB table).
    init(fingerprints: [RuleFingerprint?], known: [Int32], previousTextCount: Int) {
        precondition(known.count == fingerprints.count, "one known text per statement")
        // The keys of the statements the cache did not know, and the text each has (-1: not made yet).
        var newIndex = TextKeyTable(capacity: 64)
        var newKeys: [TextKey] = []
        var newText: [Int32] = []
        for statement in fingerprints.indices where known[statement] < 0 {
            guard let key = fingerprints[statement]?.key else { continue }
            _ = newIndex.value(for: key) {
                newKeys.append(key)
                newText.append(-1)
                return newKeys.count - 1
            }
        }
        var textOfPrevious = [Int32](repeating: -1, count: previousTextCount)
        var texts: [Text] = []
        texts.reserveCapacity(fingerprints.count)
        for statement in fingerprints.indices {
            guard let fingerprint = fingerprints[statement] else { continue }
            let previous = Int(known[statement])
            if previous >= 0, textOfPrevious[previous] >= 0 {
                texts[Int(textOfPrevious[previous])].moreStatements.append(statement)
                continue
            }
            let entry = newIndex.value(of: fingerprint.key)
            if let entry, newText[entry] >= 0 {
                texts[Int(newText[entry])].moreStatements.append(statement)
                if previous >= 0 { textOfPrevious[previous] = newText[entry] }
                continue
            }
            let index = Int32(texts.count)
            texts.append(Text(fingerprint: fingerprint, firstStatement: statement))
            if previous >= 0 { textOfPrevious[previous] = index }
            if let entry { newText[entry] = index }
        }
        var textIndex = TextKeyTable(capacity: newKeys.count)
        for (entry, key) in newKeys.enumerated() { _ = textIndex.value(for: key) { Int(newText[entry]) } }
        self.textIndex = textIndex
        (units, unitIndex) = Self.units(of: &texts)
        self.texts = texts
    }

    /// The units of `texts`, in order of their first text (its whole, then its sentences), and
    /// their table by key; sets each text's units.
    private static func units(of texts: inout [Text]) -> ([Unit], TextKeyTable) {
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
        return (units, unitIndex)
    }

    /// The unit with this key, if any.
    func unit(withKey key: TextKey) -> Int? {
        unitIndex.value(of: key)
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
        texts[units[unit].text].fingerprint.hashes(of: units[unit].tokens)
    }
}
