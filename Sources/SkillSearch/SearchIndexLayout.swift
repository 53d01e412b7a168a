import SkillParser
/// How an index is cut into files, each small enough to load while the reader types.
///
/// - The entry file lists the first term of each dictionary file and the number of sections in
///   each document file.
/// - A dictionary file holds a run of terms with their counts and where their postings are.
/// - A postings file holds the postings of a run of terms (a very common term gets a file alone).
/// - A document file holds a run of sections: what results show and the text snippets come from.
public struct SearchIndexLayout: Equatable, Sendable {
    /// Index in `terms` of the first term of each dictionary file.
    public var dictionaryStarts: [Int]
    /// Index in `terms` of the first term of each postings file.
    public var postingsStarts: [Int]
    /// Index in `sections` of the first section of each document file.
    public var documentStarts: [Int]

    public init(dictionaryStarts: [Int], postingsStarts: [Int], documentStarts: [Int]) {
        self.dictionaryStarts = dictionaryStarts
        self.postingsStarts = postingsStarts
        self.documentStarts = documentStarts
    }

    /// Target sizes in bytes; a file closes at the first item that takes it past its target.
    ///
    /// A first query downloads one document file per result it reads, one postings file per term
    /// and one dictionary file per query word, so these stay small. Chinese and Japanese terms
    /// (character pairs) get smaller dictionary files: a query of a dozen characters is a dozen
    /// pairs spread over the dictionary, each in its own file.
    public struct Targets: Sendable {
        public var dictionary = 12_000
        /// For terms that begin with a Han or kana character.
        public var pairDictionary = 3_000
        /// A first query reads a postings file per term: 10 KB each, against 6 KB, cuts the
        /// postings files of agentic-awesome-skills from 1,429 to 959.
        public var postings = 10_000
        /// A first query reads about ten document files (the best section of each of the first
        /// pages). Creating files is much of the cost of writing a site: 10 KB each, against
        /// 8 KB, cuts agentic-awesome-skills' document files from 2,407 to 1,906; with the
        /// postings' 10 KB the index has 3,155 files instead of 4,126, and its sample first
        /// queries download 202 KB (at most 280 KB, within the 300 KB budget) instead of 176 KB
        /// (at most 243 KB).
        public var documents = 10_000
        public init() {}
    }

    /// Cuts `sizes` (bytes of each item in order) into runs of about `target` bytes; returns the
    /// index of the first item of each run. An item larger than the target gets a run alone.
    static func cut(_ sizes: [Int], target: Int) -> [Int] {
        cut(sizes, targetAt: { _ in target })
    }

    /// As `cut(_:target:)`, with the target for the run item `index` would join given by `target(index)`.
    static func cut(_ sizes: [Int], targetAt target: (Int) -> Int) -> [Int] {
        var starts: [Int] = []
        var filled = 0
        for (index, size) in sizes.enumerated() {
            let target = target(index)
            if starts.isEmpty || (filled > 0 && filled + size > target) || size > target {
                starts.append(index)
                filled = 0
            }
            filled += size
        }
        return starts
    }

    /// The file (run) holding item `index`, by binary search over `starts`.
    static func file(of index: Int, starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
