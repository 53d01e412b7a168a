import SkillParser
/// How an index is cut into files, each small enough to load while the reader types.
///
/// - The entry file lists the first term and the name of each dictionary file and the number of
///   sections in each document file.
/// - A dictionary file holds a run of terms with their counts and where their postings are.
/// - A postings file holds the postings of a run of terms of one dictionary file (a very common
///   term gets a file alone).
/// - A document file holds a run of sections: what results show and the text snippets come from.
///
/// Dictionary files are named after their first term and postings files after their dictionary
/// file and their place in it (`SearchIndexFiles`), and the dictionary is cut where its terms say
/// (`cutByContent`), so that a rebuild that changes a few terms rewrites the few files that hold
/// them: numbered in one sequence, a dictionary file that gained a postings file renumbered every
/// later one, and a file that grew moved every later cut, which rewrote 500 to 1,200 of the
/// 1,248 dictionary and postings files of agentic-awesome-skills after one changed paragraph.
public struct SearchIndexLayout: Equatable, Sendable {
    /// Index in `terms` of the first term of each dictionary file.
    public var dictionaryStarts: [Int]
    /// Index in `terms` of the first term of each postings file.
    public var postingsStarts: [Int]
    /// Index in `sections` of the first section of each document file.
    public var documentStarts: [Int]
    /// Each dictionary file's name (`names(firstTerms:)`).
    public var dictionaryNames: [String]

    public init(dictionaryStarts: [Int], postingsStarts: [Int], documentStarts: [Int], dictionaryNames: [String]) {
        self.dictionaryStarts = dictionaryStarts
        self.postingsStarts = postingsStarts
        self.documentStarts = documentStarts
        self.dictionaryNames = dictionaryNames
    }

    /// The path under `search/` of dictionary file `file`.
    public func dictionaryPath(_ file: Int) -> String {
        SearchIndexFiles.dictionary(dictionaryNames[file])
    }

    /// The dictionary file that postings file `file` (numbered over the whole index) belongs to,
    /// and its place among that dictionary file's postings files.
    public func postingsPlace(_ file: Int) -> (dictionary: Int, place: Int) {
        let dictionary = Self.file(of: postingsStarts[file], starts: dictionaryStarts)
        return (dictionary, file - Self.file(of: dictionaryStarts[dictionary], starts: postingsStarts))
    }

    /// The path under `search/` of postings file `file` (numbered over the whole index).
    public func postingsPath(_ file: Int) -> String {
        let place = postingsPlace(file)
        return SearchIndexFiles.postings(dictionaryNames[place.dictionary], place.place)
    }

    /// The names of dictionary files that begin with `firstTerms`: a digest of the first term
    /// (FNV-1a of its UTF-8, 32 bits, in base 36: file systems that ignore case tell the names
    /// apart), the next free number when two collide. A file keeps its name while it keeps its
    /// first term, whatever happens to the files before it.
    public static func names(firstTerms: [String]) -> [String] {
        var used: Set<UInt32> = []
        return firstTerms.map { term in
            var hash: UInt32 = 0x811C_9DC5
            for byte in term.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            while !used.insert(hash).inserted { hash &+= 1 }
            return String(hash, radix: 36)
        }
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

    /// Cuts `sizes` (bytes of each item in order) into runs at the items that `marks` says begin
    /// one, with `target(index)` the target of the run item `index` would join: a run closes at a
    /// marked item once it holds half its target, and at any item that would take it past
    /// `maximumShare` of its target. `marks(index, size)` must depend only on the item: an
    /// item that grows, comes or goes then moves the cut before the next marked item that ends a
    /// run, not every cut after it. An item is marked with a chance of `size / (target / 3)`
    /// (`marked`), so runs hold about 0.8 of their target (0.5 + a third of the target less the
    /// runs closed by the maximum, about one in eight).
    static func cutByContent(_ sizes: [Int], targetAt target: (Int) -> Int, marks: (_ index: Int, _ size: Int, _ target: Int) -> Bool) -> [Int] {
        var starts: [Int] = []
        var filled = 0
        for (index, size) in sizes.enumerated() {
            let target = target(index)
            if starts.isEmpty || (filled > 0 && filled + size > target * maximumShare / 10)
                || (filled >= target / 2 && marks(index, size, target)) {
                starts.append(index)
                filled = 0
            }
            filled += size
        }
        return starts
    }

    /// A run closes before it passes this many tenths of its target.
    static let maximumShare = 12

    /// Whether an item whose content digests to `hash` (uniform over 64 bits) and of `size` bytes
    /// may begin a run of `target` bytes (`cutByContent`).
    static func marked(hash: UInt64, size: Int, target: Int) -> Bool {
        hash % UInt64(max(1, target / 3)) < UInt64(size)
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
