import Foundation
import SkillParser
/// Finds the rules a collection states more than once.
///
/// The steps, each near-linear in the number of rules:
/// 1. normalise every rule (in parallel), leave out those shorter than `minWords` or made mostly
///    of link text (lists of sources), and merge identical texts;
/// 2. cut the distinct texts into comparison units (whole rules and long sentences);
/// 3. sketch each unit (shingles, MinHash signature, LSH band keys; in parallel);
/// 4. take the pairs that share a band as candidates, and verify each one exactly (in parallel);
/// 5. find rules restated inside longer ones through an inverted index of word pairs;
/// 6. join matching texts with union-find, and describe each cluster.
///
/// No step compares all pairs; seeds are fixed and every output is sorted, so the same input
/// gives the same clusters on every run, whatever the order of the statements.
public struct DuplicateFinder: Sendable {
    public var options: DuplicateOptions

    public init(options: DuplicateOptions = DuplicateOptions()) {
        self.options = options
    }

    /// The clusters of the rules of every document in the graph, largest first.
    public func clusters(in graph: SkillGraph) -> [DuplicateCluster] {
        run(StatementSource(graph), skillCount: graph.skills.count).clusters
    }

    /// The clusters among `statements`; `skillCount` is the collection's number of skills,
    /// which decides what is boilerplate.
    public func clusters(in statements: [RuleStatement], skillCount: Int) -> [DuplicateCluster] {
        run(statements, skillCount: skillCount).clusters
    }

    /// The rules of a graph as statements, in document order.
    public static func statements(in graph: SkillGraph) -> [RuleStatement] {
        graph.documents.flatMap { document in
            let skill = graph.skill(of: document)?.name
            return document.markdown.rules.map {
                RuleStatement(skill: skill, location: $0.location, headingPath: $0.headingPath, text: $0.text,
                              inlines: $0.inlines)
            }
        }
    }

    /// The clusters of the rules of every document in the graph, and what each step did.
    public func run(in graph: SkillGraph) -> (clusters: [DuplicateCluster], statistics: DuplicateStatistics) {
        let run = run(StatementSource(graph), skillCount: graph.skills.count)
        return (run.clusters, run.statistics)
    }

    /// The clusters of the rules of every document in the graph, taking what `cache` holds for
    /// unchanged files instead of computing it (the same clusters either way), and the cache of
    /// this run under `key` (`DuplicateCache.key(options:tool:)`), for the next one.
    public func run(in graph: SkillGraph, reusing cache: DuplicateCache?, key: ContentHash)
        -> (clusters: [DuplicateCluster], statistics: DuplicateStatistics, cache: DuplicateCache) {
        let run = run(in: graph, reusing: cache, clusters: nil, key: key)
        return (run.clusters, run.statistics, run.cache)
    }

    /// What a run with caches gives: the clusters, each one's group digest (for the cluster
    /// cache), what each step did, and the duplicate cache for the next run.
    public struct CachedRun: Sendable {
        public var clusters: [DuplicateCluster]
        public var groups: [ContentHash]
        public var statistics: DuplicateStatistics
        let makeCache: @Sendable () -> DuplicateCache

        /// The duplicate cache for the next run, made when asked for (each time): nothing of the
        /// clusters waits for it, so a build asks on the thread that writes it (it was 142 of the
        /// 1,205 perf samples of the dedupe step of a rebuild after one changed rule).
        public var cache: DuplicateCache { makeCache() }
    }

    /// `run(in:reusing:key:)`, also keeping those of the last run's clusters that `clusters`
    /// offers and that still hold (`ReusableClusters`): the same clusters either way.
    public func run(in graph: SkillGraph, reusing cache: DuplicateCache?, clusters reusable: ReusableClusters?,
                    key: ContentHash) -> CachedRun {
        let run = run(StatementSource(graph), skillCount: graph.skills.count,
                      cache: cache.flatMap { $0.key == key ? $0 : nil }, keeping: key, reusing: reusable)
        return CachedRun(clusters: run.clusters, groups: run.groups, statistics: run.statistics, makeCache: run.cache!)
    }

    /// The clusters, and what each step did.
    public func run(_ statements: [RuleStatement], skillCount: Int) -> (clusters: [DuplicateCluster], statistics: DuplicateStatistics) {
        let run = run(StatementSource(statements), skillCount: skillCount)
        return (run.clusters, run.statistics)
    }

    /// The run; with `key`, also what makes the cache of its files' work (statements from files
    /// without a digest are left out of it).
    func run(_ statements: StatementSource, skillCount: Int, cache: DuplicateCache? = nil, keeping key: ContentHash? = nil,
             reusing reusable: ReusableClusters? = nil)
        -> (clusters: [DuplicateCluster], statistics: DuplicateStatistics, cache: (@Sendable () -> DuplicateCache)?, groups: [ContentHash]) {
        let options = options
        var clock = StepLog(total: 7)
        var statistics = DuplicateStatistics()
        statistics.statements = statements.count

        // What the cache holds for unchanged files: `known[i]` is statement i's text in the cache,
        // -1 for a rule too short to compare, or `unknown` (a changed file's rule).
        let unknown: Int32 = -2
        var known: [Int32] = []
        // Only the files the cache does not know have their rules decoded, to normalise them.
        var unknownFiles: [Int] = []
        if let cache {
            known = [Int32](repeating: unknown, count: statements.count)
            for (index, document) in statements.documents.enumerated() {
                guard let digest = document.digest,
                      let references = cache.references(ofDocument: digest, ruleCount: document.statements.count) else {
                    unknownFiles.append(index)
                    continue
                }
                statistics.reusedFiles += 1
                known.replaceSubrange(document.statements, with: references)
            }
        } else {
            unknownFiles = Array(statements.documents.indices)
        }
        statements.prepare(unknownFiles)
        // Unwrapped once: binding the optional cache per statement copied every array it holds.
        let cachedTexts = cache?.texts ?? []
        let fingerprints = [RuleFingerprint?](unsafeUninitializedCapacity: statements.count) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            Parallel.forEachChunk(statements.count, minimumChunk: 256) { range in
                var normalizer = RuleNormalizer()
                for index in range {
                    if !known.isEmpty, known[index] != unknown {
                        (output.value.baseAddress! + index).initialize(to: known[index] < 0 ? nil : cachedTexts[Int(known[index])])
                        continue
                    }
                    let rule = normalizer.next(statements.inlines(index))
                    let fingerprint = rule.tokenCount >= options.minWords && !rule.isReference
                        ? RuleFingerprint(rule, minSentenceWords: options.minSentenceWords) : nil
                    (output.value.baseAddress! + index).initialize(to: fingerprint)
                }
            }
            initialized = statements.count
        }
        clock.lap("normalise")
        // The last run's sketches are read on another thread while the texts are merged, when
        // the texts may have changed: a run that must match again needs them (reading them was
        // 136 of the 1,205 perf samples of the dedupe step of a rebuild after one changed rule,
        // on the main thread), one whose texts are the cache's does not (192 of 4,668 samples
        // of a rebuild after prose was inserted above rules, read for nothing).
        let sketchesAhead = cache.flatMap { cache in
            cache.mayHoldTheTexts(of: fingerprints, known: known) ? nil : BackgroundStep { cache.loadedSketches() }
        }
        let units = known.isEmpty ? ComparisonUnits(fingerprints: fingerprints)
            : ComparisonUnits(fingerprints: fingerprints, known: known, previousTextCount: cachedTexts.count)
        statistics.comparedStatements = fingerprints.count { $0 != nil }
        statistics.distinctTexts = units.texts.count
        statistics.units = units.units.count
        clock.lap("merge identical texts")

        let banding = LSHBanding.choose(threshold: min(options.threshold, options.effectiveSentenceThreshold))
        (statistics.bands, statistics.rows) = (banding.bands, banding.rows)
        // Matching across files reads nothing but the distinct texts: when they are the ones the
        // cache was made from (a rebuild that changed no rule), its matched pairs are this run's,
        // and only the units of the clusters need sketching (their features, for describing
        // each member); the cache's sketches are not even read.
        let matchingKey = MatchedPairs.key(of: units)
        let matched: MatchedPairs
        let sketches: UnitSketches
        let groups: [[Int]]
        let nextSketches: DuplicateCache.Sketches
        var sameTexts: [RuleFingerprint]?
        if let cache, let previous = cache.matched, previous.key == matchingKey {
            matched = previous
            groups = Self.groups(units, matched)
            var needed = [Bool](repeating: false, count: units.units.count)
            for text in groups.joined() {
                needed[units.texts[text].wholeUnit] = true
                for unit in units.texts[text].sentenceUnits { needed[unit] = true }
            }
            sketches = UnitSketches(units: units, banding: banding, only: needed)
            nextSketches = cache.sketches
            sameTexts = cache.texts
            clock.lap("sketch")
            clock.lap("find candidates")
            clock.lap("verify")
            clock.lap("find contained rules")
        } else {
            let previousSketches: CachedSketches?
            if let sketchesAhead {
                previousSketches = (try? sketchesAhead.wait()) ?? nil
            } else {
                previousSketches = cache?.loadedSketches()
            }
            sketches = UnitSketches(units: units, hasher: MinHasher(count: banding.hashCount, seed: options.seed),
                                    banding: banding, cache: previousSketches)
            clock.lap("sketch")
            let verifier = PairVerifier(units: units, sketches: sketches, options: options)
            // A few rules changed: the last run's verified pairs, patched where the changed units are.
            var patched: MatchPatch.Patched?
            if let cache, let previousSketches, let previous = cache.matched, previous.key == cache.textsKey,
               previousSketches.textsKey == previous.key, previous.verifiedUnits.count == previous.verifiedCount {
                patched = MatchPatch(units: units, sketches: sketches, verifier: verifier)
                    .verifiedPairs(previous: previousSketches, previousTexts: cache.texts, previousVerified: previous.verifiedUnits,
                                   known: known, textOf: units.textOfStatements(count: statements.count))
            }
            statistics.patchedMatching = patched != nil
            let candidateCount: Int
            let matches: (texts: [(Int, Int)], units: [UInt64])
            if let patched, let previous = cache?.matched {
                // The number of candidates is for statistics only: a patch keeps the last count.
                candidateCount = previous.candidates
                matches = (patched.texts, patched.units)
                clock.lap("find candidates")
            } else {
                let candidates = CandidatePairs().pairs(keys: sketches.keys, itemCount: units.units.count, bands: banding.bands)
                candidateCount = candidates.count
                clock.lap("find candidates")
                matches = verifier.matches(candidates)
            }
            clock.lap("verify")
            let containments: [(Int, Int)]
            if let patched, let cache, let previous = cache.matched {
                containments = ContainmentPatch().containments(
                    units, features: sketches.features, threshold: options.effectiveSentenceThreshold,
                    coverage: options.containmentCoverage, minWords: options.minWords, previousTexts: cache.texts,
                    now: patched.textsNow, added: patched.addedTexts,
                    previous: previous.pairs[previous.verifiedCount...].map { (Int($0.first), Int($0.second)) })
            } else {
                containments = ShingleIndex().containments(units, features: sketches.features, threshold: options.effectiveSentenceThreshold,
                                                           coverage: options.containmentCoverage, minWords: options.minWords)
            }
            clock.lap("find contained rules")
            matched = MatchedPairs(key: matchingKey, candidates: candidateCount, verified: matches.texts, contained: containments,
                                   verifiedUnits: matches.units)
            groups = Self.groups(units, matched)
            nextSketches = key.map {
                .held(CachedSketches(key: $0, textsKey: matchingKey, units: units, sketches: sketches, previous: previousSketches))
            } ?? .none
        }
        statistics.reusedUnits = sketches.reused
        statistics.candidatePairs = matched.candidates
        statistics.verifiedPairs = matched.verifiedCount
        statistics.containedPairs = matched.pairs.count - matched.verifiedCount
        statistics.reusedMatching = matched.key == cache?.matched?.key

        let built = ClusterBuilder(statements: statements, units: units, sketches: sketches, options: options,
                                   skillCount: skillCount).clusters(groups, reusing: reusable)
        let clusters = built.clusters.map(\.cluster)
        statistics.reusedClusters = built.reused
        statistics.clusters = clusters.count
        clock.lap("cluster")
        statistics.steps = clock.steps
        let documents = statements.documents
        let next = key.map { key in
            { @Sendable [sameTexts] in
                DuplicateCache(key: key, documents: documents, fingerprints: fingerprints, units: units,
                               matched: matched, sketches: nextSketches, texts: sameTexts, previous: cache)
            }
        }
        return (clusters, statistics, next, built.clusters.map(\.group))
    }

    /// The groups of texts that match: texts sharing a unit (a sentence word for word), and the
    /// matched pairs; with the single texts stated more than once. Each group sorted, in order
    /// of their smallest text, whatever order the pairs come in.
    private static func groups(_ units: ComparisonUnits, _ matched: MatchedPairs) -> [[Int]] {
        var sets = UnionFind(count: units.texts.count)
        for unit in units.units {
            for owner in unit.moreOwners { sets.union(unit.firstOwner.text, owner.text) }
        }
        for pair in matched.pairs { sets.union(Int(pair.first), Int(pair.second)) }
        return sets.groups(keepingSingle: { units.texts[$0].statementCount > 1 })
    }
}
