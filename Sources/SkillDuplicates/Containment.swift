import SkillParser
/// Whether a short rule is restated inside a longer one, with words before and after it
/// ("Always label icon-only buttons for VoiceOver." inside "When you design a toolbar, always
/// label icon-only buttons for VoiceOver, and keep each label short."), and where.
///
/// The one place that decides it: the shingle index asks it to verify candidates, and the
/// cluster builder asks it again to say how a member relates to the representative.
///
/// The matching span is the window of the longer rule, as long as the short one, that holds
/// the most of its words and word pairs, trimmed to start and end on one of its words and
/// stretched over neighbouring words it also has. The short rule is contained when the span
/// holds almost all of its features (words and word pairs, as `Shingler` makes them: at least
/// `coverage` of them), the span's features are similar to its own from `threshold` on, and the
/// span says "not" exactly when the short rule does.
///
/// Coverage is what keeps look-alikes apart. A rule in the same frame as a part of the longer
/// one ("Consider using a label to introduce a slider" against "...to introduce a group of
/// checkboxes") lacks its last word and that word's pair, 2 of its 15 features, and falls
/// below 0.9; "Use a sheet for a short task..." against "Use a full-screen cover for a long
/// task..." lacks most of its pairs. A long rule restated with one word changed keeps 0.9.
struct Containment: Sendable {
    /// Token range of the span in the longer rule.
    var span: Range<Int>
    /// Jaccard similarity of the features of the short rule and of the span.
    var similarity: Double
    /// Share of the short rule's features that the span has.
    var coverage: Double

    /// The best span of `short` in `long`, or `nil` when `long` is shorter or they share no word.
    static func locate(_ short: ArraySlice<UInt64>, in long: ArraySlice<UInt64>) -> Containment? {
        Probe(short).locate(in: long)
    }

    /// The span of `short` in `long` when it is restated there (see `Probe.check`).
    static func check(_ short: ArraySlice<UInt64>, in long: ArraySlice<UInt64>, threshold: Double,
                      coverage: Double) -> Containment? {
        Probe(short).check(in: long, threshold: threshold, coverage: coverage)
    }

    /// What is computed once per short rule, to look for it in many longer ones.
    struct Probe {
        let short: ArraySlice<UInt64>
        let words: HashedSet
        let pairs: HashedSet
        let features: [UInt32]
        let negated: Bool

        init(_ short: ArraySlice<UInt64>) {
            self.short = short
            words = HashedSet(short)
            pairs = HashedSet(zip(short, short.dropFirst()).map { Shingler.pairFeature($0, $1) })
            features = Shingler.features(short)
            negated = Polarity.isNegated(short)
        }

        /// The best span in `long`, or `nil` when `long` is shorter or they share no word.
        func locate(in long: ArraySlice<UInt64>) -> Containment? {
            guard !short.isEmpty, long.count >= short.count else { return nil }
            let base = long.startIndex
            // Score of each position: its word is one of the short rule's, and so is its pair with the previous word.
            var scores = [Int](repeating: 0, count: long.count)
            for offset in 0..<long.count {
                let hash = long[base + offset]
                var score = words.contains(hash) ? 1 : 0
                if offset > 0, pairs.contains(Shingler.pairFeature(long[base + offset - 1], hash)) { score += 1 }
                scores[offset] = score
            }
            let width = short.count
            var sum = scores[0..<width].reduce(0, +)
            var (best, bestStart) = (sum, 0)
            for start in 1..<(long.count - width + 1) {
                sum += scores[start + width - 1] - scores[start - 1]
                if sum > best { (best, bestStart) = (sum, start) }
            }
            guard best > 0 else { return nil }
            var lower = bestStart, upper = bestStart + width
            while lower < upper, !words.contains(long[base + lower]) { lower += 1 }
            while upper > lower, !words.contains(long[base + upper - 1]) { upper -= 1 }
            // Words moved a little: stretch over neighbours the short rule also has, a quarter of its length at most.
            let stretch = width / 4 + 1
            var stretched = 0
            while stretched < stretch, lower > 0, words.contains(long[base + lower - 1]) { lower -= 1; stretched += 1 }
            stretched = 0
            while stretched < stretch, upper < long.count, words.contains(long[base + upper]) { upper += 1; stretched += 1 }
            let spanFeatures = Shingler.features(long[(base + lower)..<(base + upper)])
            let similarity = JaccardSimilarity.of(features, spanFeatures)
            // |A ∩ B| from the Jaccard similarity J = |A ∩ B| / (|A| + |B| - |A ∩ B|).
            let shared = similarity * Double(features.count + spanFeatures.count) / (1 + similarity)
            return Containment(span: lower..<upper, similarity: similarity, coverage: shared / Double(max(1, features.count)))
        }

        /// The span in `long` when the short rule is restated there: similar from `threshold` on,
        /// with at least `coverage` of the short rule's features, and saying "not" (in the span or
        /// in the two words before it) exactly when the short rule does.
        func check(in long: ArraySlice<UInt64>, threshold: Double, coverage: Double) -> Containment? {
            guard let found = locate(in: long), found.similarity >= threshold, found.coverage >= coverage else { return nil }
            let base = long.startIndex
            let context = long[(base + max(0, found.span.lowerBound - 2))..<(base + found.span.upperBound)]
            guard negated == Polarity.isNegated(context) else { return nil }
            return found
        }
    }
}
