import Foundation
import SkillParser

/// What duplicate detection worked out per file in one run, kept in the build cache folder
/// (`.OUT.skillbook-cache/dedupe`) so that the next build normalises and sketches only what
/// changed: for each file (by the digest of its bytes) the distinct text each of its rules
/// normalised to; each distinct text's fingerprint; and the pairs matching across files found
/// (`MatchedPairs`), reused when no distinct text changed. The units' sketches (features, LSH
/// band keys) are in a file of their own beside it (`CachedSketches`), read only by a run that
/// must match again, and written only by one that did. Clusters are made on every build from
/// the statements as they are, so a cached run gives the clusters a fresh one gives.
///
/// The file (`DuplicateCache+File`) is a `CacheFile` under the key (program, options) whose
/// payload is columns of fixed-width numbers. Another key, a wrong digest or anything that does
/// not add up, and the file is ignored whole: the run computes everything.
public struct DuplicateCache: Sendable {
    public static let fileName = "dedupe"

    /// Where the units' sketches of a cache are.
    enum Sketches: Sendable {
        /// Made by the run that made the cache: written with it.
        case held(CachedSketches)
        /// In this file, as an earlier run left it (read when first needed).
        case file(URL)
        case none
    }

    /// What a cache depends on besides the files: its format, the program, the options.
    public var key: ContentHash

    // Files: digest, and the range of `references` holding a text index (or -1) per rule.
    var documents: [ContentHash: Range<Int>] = [:]
    var references: [Int32] = []

    /// Distinct texts, by index, under their key (`MatchedPairs.key(of:)`).
    var texts: [RuleFingerprint] = []
    var textsKey = ContentHash(high: 0, low: 0)
    /// The texts file these texts are kept against, when the cache was read or made from one:
    /// `write` leaves that file (15 MB for agentic-awesome-skills) and keeps in `dedupe` only where
    /// each text is in it and the texts it has not got. Its places are those of `texts`, in order.
    var base: TextsBase?

    /// A texts file (`dedupe-texts`) with key `key`, and where each of the cache's texts is in
    /// it: `texts[i]` is its text `places[i]` (-1: not in it).
    struct TextsBase: Sendable {
        var key: ContentHash
        var places: [Int32]
    }

    /// The pairs matching found, under the key of the texts it read.
    var matched: MatchedPairs?
    var sketches: Sketches = .none

    /// Whether `write` leaves the texts and sketches files in place when they start with this
    /// cache's texts key under its key: then every byte of them is what it would write (they
    /// follow from the texts). For a `--full` build, which reads nothing from the cache yet would
    /// otherwise write 43 MB that are already there (agentic-awesome-skills); not for a run that
    /// found the cache unusable, which must replace it.
    public var leavesFilesOfTheSameTexts = false

    init(key: ContentHash) {
        self.key = key
    }

    /// The key of caches made by `tool` (the program's digest) with `options`.
    public static func key(options: DuplicateOptions, tool: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("skillbook dupes cache \(formatVersion)")
        hasher.add(tool)
        for value in [options.threshold, options.sentenceThreshold, options.containmentCoverage, options.boilerplateShare] {
            hasher.add(value.bitPattern)
        }
        for value in [options.minWords, options.minSentenceWords, options.boilerplateMinSkills] { hasher.add(value) }
        hasher.add(options.seed)
        return hasher.finalize()
    }

    static let formatVersion = 6

    /// The index in `texts` (-1 for a rule too short to compare) of each of the `ruleCount` rules
    /// of the file with this digest, when that file was in the run the cache was made from.
    func references(ofDocument digest: ContentHash, ruleCount: Int) -> ArraySlice<Int32>? {
        guard let range = documents[digest], range.count == ruleCount else { return nil }
        return references[range]
    }

    /// The units' sketches, read from their file if that is where they are; `nil` when there are
    /// none or the file is missing, foreign or damaged (then every unit is sketched).
    func loadedSketches() -> CachedSketches? {
        switch sketches {
        case .held(let sketches): return sketches
        case .file(let file): return (try? CachedSketches.read(file, key: key)) ?? nil
        case .none: return nil
        }
    }

    /// Whether a run whose statements have `fingerprints` (`known[i]` being statement i's text in
    /// this cache, negative for a changed file's rule or one too short) may have this cache's
    /// distinct texts: every text of the cache is still stated, and every changed file's rule
    /// states one of them. A hint, in one pass over the statements and one over the texts, for
    /// what `MatchedPairs.key` decides once the texts are merged (their order included): a run
    /// reads the 28 MB sketches ahead only when it is false, since a rebuild that changed no rule
    /// text (prose inserted above rules moves them) needs none of them.
    func mayHoldTheTexts(of fingerprints: [RuleFingerprint?], known: [Int32]) -> Bool {
        var stated = [Bool](repeating: false, count: texts.count)
        var changed = TextKeyTable(capacity: 64)
        var changedTexts: [RuleFingerprint] = []
        for statement in known.indices {
            if known[statement] >= 0 {
                stated[Int(known[statement])] = true
            } else if let fingerprint = fingerprints[statement] {
                _ = changed.value(for: fingerprint.key) {
                    changedTexts.append(fingerprint)
                    return changedTexts.count - 1
                }
            }
        }
        // The cache's texts are distinct: each changed key is at most one of them.
        var found = 0
        for index in texts.indices where !changedTexts.isEmpty {
            guard let entry = changed.value(of: texts[index].key) else { continue }
            guard texts[index].isSameForMatching(as: changedTexts[entry]) else { return false }
            stated[index] = true
            found += 1
        }
        return found == changedTexts.count && !stated.contains(false)
    }

    /// Whether `other` was made from the same files (by digest and rule count) under the same key:
    /// its texts, units and matched pairs, which follow from those files, are then the same too
    /// (the pairs' key is compared all the same, for a cache read without them), and a build need
    /// not write it again over this one.
    public func holdsTheSameFiles(as other: DuplicateCache) -> Bool {
        key == other.key && documents.count == other.documents.count && matched?.key == other.matched?.key
            && documents.allSatisfy { digest, range in other.documents[digest]?.count == range.count }
    }
}

extension DuplicateCache {
    /// The cache of a run: its files (those with a digest), texts (`texts`, when the caller has
    /// them already as an array: the previous cache's, when no text changed), matched pairs and
    /// sketches; kept against the texts file of `previous` (the cache the run read) when it has one.
    init(key: ContentHash, documents: [(digest: ContentHash?, statements: Range<Int>)], fingerprints: [RuleFingerprint?],
         units: ComparisonUnits, matched: MatchedPairs, sketches: Sketches, texts: [RuleFingerprint]? = nil,
         previous: DuplicateCache? = nil) {
        self.key = key
        self.matched = matched
        textsKey = matched.key
        self.sketches = sketches
        let textOf = units.textOfStatements(count: fingerprints.count)
        for document in documents {
            guard let digest = document.digest, self.documents[digest] == nil else { continue }
            self.documents[digest] = references.count..<(references.count + document.statements.count)
            references.append(contentsOf: textOf[document.statements])
        }
        self.texts = texts ?? units.texts.map(\.fingerprint)
        if let previous, let previousBase = previous.base {
            base = TextsBase(key: previousBase.key, places: Self.places(of: documents, textOf: textOf, texts: self.texts, in: previous))
        }
    }

    /// Where each of this run's `texts` is in `previous`'s texts file (-1: not in it), from the
    /// files `previous` knows: a rule of such a file has the text `previous` gave it, so its place
    /// is that text's when the two are the same in all that matching reads (texts are merged by
    /// key alone). Only the files are walked, not every text hashed and looked up (which was 214
    /// of 13,071 perf samples of a rebuild after a changed rule, at write).
    private static func places(of documents: [(digest: ContentHash?, statements: Range<Int>)], textOf: [Int32],
                               texts: [RuleFingerprint], in previous: DuplicateCache) -> [Int32] {
        var places = [Int32](repeating: -1, count: texts.count)
        guard let previousPlaces = previous.base?.places, previousPlaces.count == previous.texts.count else { return places }
        var checked = [Bool](repeating: false, count: texts.count)
        for document in documents {
            guard let digest = document.digest,
                  let known = previous.references(ofDocument: digest, ruleCount: document.statements.count) else { continue }
            for (statement, text) in zip(document.statements, known) where text >= 0 {
                let now = Int(textOf[statement])
                guard now >= 0, !checked[now] else { continue }
                checked[now] = true
                if texts[now].isSameForMatching(as: previous.texts[Int(text)]) { places[now] = previousPlaces[Int(text)] }
            }
        }
        return places
    }
}

extension RuleFingerprint {
    /// Whether the two texts are the same in everything matching reads (`add(to:)`); the key
    /// stands for the token hashes, as everywhere.
    func isSameForMatching(as other: RuleFingerprint) -> Bool {
        key == other.key && tokenCount == other.tokenCount && wordCount == other.wordCount
            && sentences == other.sentences && sentenceKeys == other.sentenceKeys
    }
}
