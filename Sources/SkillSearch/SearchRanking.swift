import Foundation
import SkillParser

/// The numbers of the ranking, shared by the index builder and both query engines (this Swift one
/// and `Templates/assets/search.js`, which repeats them).
public enum SearchRanking {
    /// BM25 term-frequency saturation and length normalisation.
    static let k1 = 1.2
    static let b = 0.75
    /// The largest value the tf part of BM25 can reach, `k1 + 1`; postings store a fraction of it.
    static let maximumTermWeight = k1 + 1
    /// Postings store weights as 1...63.
    static let weightSteps = 63

    /// The BM25F tf part: field-weighted frequencies, those of the long fields divided by the
    /// section's relative length, then saturated.
    static func termWeight(short: Double, long: Double, length: Double, averageLength: Double) -> Double {
        let tf = short + long / (1 - b + b * length / averageLength)
        return tf * (k1 + 1) / (tf + k1)
    }

    /// The average length the weights divide by: the mean of `total` over `count`, rounded to a
    /// sixteenth of an octave (steps of 4.4%). BM25 needs the average only as a scale, and a
    /// rounded one stays the same when a document changes a little, so that a rebuild keeps the
    /// weights of every section it did not count anew (`SearchIndexState`); with the exact mean,
    /// one added paragraph moved every weight and the rebuild weighed the whole collection again.
    static func averageLength(total: Int, count: Int) -> Double {
        let mean = max(1, Double(total) / Double(max(1, count)))
        return exp2((log2(mean) * gridSteps).rounded() / gridSteps)
    }

    /// Steps of the averages' grid per doubling.
    static let gridSteps = 16.0

    /// A field's weighted frequency divided by its relative length, as BM25F does for each field
    /// it normalises: a description that lists twenty topics says less about each than one that
    /// names one.
    static func normalized(_ frequency: Double, length: Double, averageLength: Double) -> Double {
        frequency / (1 - b + b * length / averageLength)
    }

    static func quantize(_ weight: Double) -> Int {
        min(weightSteps, max(1, Int((weight / maximumTermWeight * Double(weightSteps)).rounded())))
    }

    /// BM25's inverse document frequency: rarer terms count more.
    static func rarity(documentFrequency df: Int, sections n: Int) -> Double {
        log(1 + (Double(n) - Double(df) + 0.5) / (Double(df) + 0.5))
    }

    // How much a match counts, by how the query word matched the term.
    static let exactMatch = 1.0
    /// The word being typed is a prefix of the term.
    static let prefixMatch = 0.7
    /// The term is one edit away from the word.
    static let typoMatch = 0.5

    /// How much a correction of a misspelt word counts: `typoMatch` times its frequency as a share
    /// of the likeliest correction's (the closest, then the most frequent, which comes first); each
    /// correction also scores with the likeliest's rarity, not its own. A reader who types
    /// "cachng" means the common "caching" far more often than the rare "CAC", which is as close;
    /// scored as exact words are, BM25's rarity would rank the rare correction first. search.js
    /// computes the same, in the same order.
    static func typoWeight(documentFrequency df: Int, likeliest: Int) -> Double {
        likeliest > 0 ? typoMatch * Double(min(df, likeliest)) / Double(likeliest) : typoMatch
    }

    /// A prefix is expanded only from this many characters on, to at most this many terms (the most frequent).
    static let minimumPrefixLength = 2
    static let maximumPrefixTerms = 40
    static let maximumPrefixPostings = 20_000
    /// Words this long or longer are allowed one typo...
    static let minimumTypoLength = 5
    /// ...when their exact matches are in fewer sections than this.
    static let fewMatches = 3
    static let maximumTypoTerms = 8
    /// Endings the stemmer cuts, put back on a stem to see whether a misspelt word is one edit
    /// from an inflected form ("cachng" → "cach" + "ing"). search.js holds the same list.
    static let typoEndings: [[UInt16]] = ["e", "s", "es", "ed", "ing", "er", "ers", "ion", "ions", "ly", "ment", "ness", "y"]
        .map { Array($0.utf16) }

    /// The score of one of the first pages once its best section's text is read: the page's score
    /// times the section's boost, times `partialMatch` for each query word the page lacks, times
    /// its focus on the query (`pageFocus`). The
    /// first pages are ordered by this alone, so a page whose title names the thing can pass a
    /// page that has all the words only because it lists them in passing (an index of topics).
    static func rerankedScore(_ score: Double, boost: Double, missingWords: Int, focus: Double) -> Double {
        var factor = 1.0
        for _ in 0..<max(0, missingWords) { factor *= partialMatch }
        return score * boost * factor * (1 + pageFocus * focus)
    }

    /// How much a page's focus on the query raises it: its score is multiplied by one plus this
    /// times the share of the page's sections that hold as many of the query's words as its best
    /// section. A page about the thing speaks of it throughout; a long page that mentions it in
    /// one section of thirty is not about it, however well that section matches.
    static let pageFocus = 0.5

    /// The share of a page's `sections` (long sections counted once) among which `matching` hold
    /// as many of the query's words as its best.
    static func focus(matching: Int, sections: Int) -> Double {
        sections > 0 ? min(1, Double(matching) / Double(sections)) : 0
    }

    static let partialMatch = 0.7

    /// Results whose texts are read to find phrases and exact titles.
    static let rerankWindow = 10
    /// Added to the factor a result's score is multiplied by, when its text holds the query's
    /// words together...
    static let phraseBoost = 0.25
    /// ...or, when they are not together, `proximityBoost` times how close they are (1 side by side),
    /// within `proximityWindow` words per query word...
    static let proximityBoost = 0.2
    static let proximityWindow = 4
    /// ...when its page's title is the query...
    static let pageTitleBoost = 1.0
    /// ...or else when its heading is the query or its page's title holds the query's words together...
    static let titleBoost = 0.5
    /// ...or else times the share of the page title's words that are query words, times the share
    /// of the query's words it has.
    static let titleOverlapBoost = 2.5
}
