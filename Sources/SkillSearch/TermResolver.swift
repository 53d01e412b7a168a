import SkillParser
/// Finds the terms a query word matches, looking only in the dictionary files a browser would
/// load for it, and records which files those are.
struct TermResolver {
    let index: SearchIndex
    private(set) var files: Set<String> = [SearchIndexFiles.entry]

    init(index: SearchIndex) { self.index = index }

    /// An alternative a slot matches, with how much it counts.
    struct Alternative {
        var term: Int
        var weight: Double
        /// Whether the term is marked in snippets and on the page a result leads to.
        var marked = true
        /// The number of sections whose rarity the term scores with, when not its own: a
        /// correction scores as rare as the likeliest correction (`SearchRanking.typoWeight`).
        var rarityFrequency: Int?
    }

    // MARK: Dictionary files

    private var fileCount: Int { index.layout.dictionaryStarts.count }

    private func firstTerm(_ file: Int) -> String { index.terms[index.layout.dictionaryStarts[file]].term }

    /// The dictionary file that holds `term` if it exists: the last whose first term is not after it.
    func file(for term: String) -> Int {
        var low = 0, high = fileCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if String.utf16Precedes(term, firstTerm(middle)) { high = middle - 1 } else { low = middle }
        }
        return low
    }

    private mutating func load(_ file: Int) -> Range<Int> {
        files.insert(index.layout.dictionaryPath(file))
        return SearchIndexEncoder.run(file, of: index.layout.dictionaryStarts, total: index.terms.count)
    }

    /// Loads the postings of a term (recording the file).
    mutating func postings(_ term: Int) -> [Posting] {
        files.insert(index.layout.postingsPath(SearchIndexLayout.file(of: term, starts: index.layout.postingsStarts)))
        return index.terms[term].postings
    }

    // MARK: Lookups

    mutating func exact(_ term: String) -> Int? {
        guard fileCount > 0 else { return nil }
        let range = load(file(for: term))
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if String.utf16Precedes(index.terms[middle].term, term) { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && index.terms[low].term == term ? low : nil
    }

    /// Terms that begin with `prefix` (other than `excluding`), the most frequent first, from at
    /// most three dictionary files; as many as fit in `maximumPrefixTerms` terms and
    /// `maximumPrefixPostings` sections in all, so that a short prefix stays quick.
    mutating func completions(of prefix: String, excluding: Set<Int>) -> [Int] {
        guard fileCount > 0 else { return [] }
        let first = file(for: prefix)
        var last = first
        while last + 1 < fileCount, last - first + 1 < 3, firstTerm(last + 1).utf16.starts(with: prefix.utf16) {
            last += 1
        }
        var found: [Int] = []
        for file in first...last {
            for term in load(file) where index.terms[term].term.utf16.starts(with: prefix.utf16) && !excluding.contains(term) {
                found.append(term)
            }
        }
        // The most frequent completions, up to a number of terms and of sections in all.
        var chosen: [Int] = []
        var postings = 0
        for term in byFrequency(found) where chosen.count < SearchRanking.maximumPrefixTerms {
            let count = index.terms[term].postingCount
            if !chosen.isEmpty && postings + count > SearchRanking.maximumPrefixPostings { break }
            postings += count
            chosen.append(term)
        }
        return chosen
    }

    /// Terms within `distance` edits of `word` or `stem`, from the dictionary files around the
    /// word (and the one where a swap of its first two letters would sit), the closest and most
    /// frequent first.
    mutating func neighbours(of word: String, stem: String, distance: Int, excluding: Set<Int>) -> [(term: Int, distance: Int)] {
        guard fileCount > 0 else { return [] }
        let units = Array(word.utf16), stemUnits = Array(stem.utf16)
        var candidates: Set<Int> = [file(for: word), file(for: stem)]
        let center = file(for: word)
        if units.count >= 2 {
            let head = Array(units[0..<2])
            if center > 0, firstTerm(center).utf16.starts(with: head) { candidates.insert(center - 1) }
            if center + 1 < fileCount, firstTerm(center + 1).utf16.starts(with: head) { candidates.insert(center + 1) }
            var swapped = units
            swapped.swapAt(0, 1)
            candidates.insert(file(for: String(decoding: swapped, as: UTF16.self)))
        }
        var found: [(term: Int, distance: Int)] = []
        for file in candidates.sorted() {
            for term in load(file) where !excluding.contains(term) {
                let other = Array(index.terms[term].term.utf16)
                var d = min(EditDistance.between(units, other, limit: distance) ?? distance + 1,
                            EditDistance.between(stemUnits, other, limit: distance) ?? distance + 1)
                // A typo in an ending the stemmer would have cut ("cachng" for the stem "cach"):
                // the word is close to the stem with a common ending put back.
                if d > distance, units.count > other.count {
                    for ending in SearchRanking.typoEndings where abs(other.count + ending.count - units.count) <= distance {
                        d = min(d, EditDistance.between(units, other + ending, limit: distance) ?? distance + 1)
                    }
                }
                if d <= distance { found.append((term, d)) }
            }
        }
        return found.sorted { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            return precedesByFrequency(a.term, b.term)
        }
    }

    func byFrequency(_ terms: [Int]) -> [Int] {
        terms.sorted(by: precedesByFrequency)
    }

    /// More sections first, then term order.
    private func precedesByFrequency(_ a: Int, _ b: Int) -> Bool {
        let dfA = index.terms[a].postingCount, dfB = index.terms[b].postingCount
        return dfA != dfB ? dfA > dfB : a < b
    }
}
