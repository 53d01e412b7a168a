import SkillParser
import SkillDuplicates
/// Finds the names within one or two edits of a word without comparing it to every name: each
/// name is stored under every string made by deleting characters from it, and a word looks up
/// its own deletions (the symmetric-delete idea). Candidates are then confirmed with
/// `EditDistance`. A swap of neighbouring letters is found with one deletion on each side.
///
/// A deletion variant is stored as a 32-bit hash of its bytes beside the name's number, packed
/// in one `UInt64` and radix-sorted, never built as a string: a collection of 2,000 long names
/// has about 400,000 variants, and building each as an array, hashing it byte by byte and
/// keeping it in a dictionary was most of `skillbook check`'s time. A collision between two
/// hashes can only add a candidate, which `EditDistance` then confirms or drops, so the names
/// found are those within the limit, as with the variants themselves.
struct DeletionIndex: Sendable {
    static let maximumDistance = 2

    private let names: [String]
    /// `hash << 32 | index in names` for every variant, sorted: one allocation instead of a
    /// bucket per variant.
    private let entries: [UInt64]
    /// Where the entries whose hashes start with each `directoryBits`-bit prefix begin (one more
    /// for the end): a lookup scans its prefix's few entries. A binary search of all the entries
    /// (600,000 for agentic-awesome-skills) was about twenty memory reads a variant looked up,
    /// the larger part of the misspelled-skill check in a full build (perf: 53 of its 117 samples).
    private let directory: [Int32]
    private let directoryBits: Int
    /// Names shorter than this are stored with one deletion only: two edits are looked for only
    /// between long names.
    private let twoEditLength: Int

    init(_ names: some Sequence<String>, twoEditLength: Int = 14) {
        self.twoEditLength = twoEditLength
        let unique = Set(names).sorted()
        var entries: [UInt64] = []
        for (number, name) in unique.enumerated() {
            let bytes = Array(name.utf8)
            Self.forEachDeletion(of: bytes, depth: bytes.count >= twoEditLength ? 2 : 1) {
                entries.append(UInt64($0) << 32 | UInt64(number))
            }
        }
        RadixSort.sortByHigh32(&entries)
        // About eight entries a prefix, at most 2^16 prefixes.
        let bits = min(16, max(1, (Int.bitWidth - entries.count.leadingZeroBitCount) - 3))
        var directory = [Int32](repeating: 0, count: (1 << bits) + 1)
        for entry in entries { directory[Int(entry >> (64 - bits)) + 1] += 1 }
        for prefix in 0..<(1 << bits) { directory[prefix + 1] += directory[prefix] }
        self.names = unique
        self.entries = entries
        self.directory = directory
        directoryBits = bits
    }

    /// Names at distance 1...`limit` from `word`, nearest first, then alphabetical. A limit of two
    /// finds only names of `twoEditLength` characters or more at distance two.
    func near(_ word: String, limit: Int = maximumDistance) -> [(name: String, distance: Int)] {
        var candidates = Set<Int32>()
        Self.forEachDeletion(of: Array(word.utf8), depth: min(limit, Self.maximumDistance)) { hash in
            let prefix = Int(hash >> (32 - directoryBits))
            var index = Int(directory[prefix])
            let end = Int(directory[prefix + 1])
            // Sorted within the prefix too: the run of `hash`, if any, follows the smaller ones.
            while index < end, entries[index] >> 32 < UInt64(hash) { index += 1 }
            while index < end, entries[index] >> 32 == UInt64(hash) {
                candidates.insert(Int32(truncatingIfNeeded: entries[index]))
                index += 1
            }
        }
        return candidates.compactMap { number -> (name: String, distance: Int)? in
            let name = names[Int(number)]
            guard name != word, let distance = EditDistance.between(word, name, limit: limit) else { return nil }
            return (name, distance)
        }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    }

    /// Calls `body` with the hash of `word` and of every string made by deleting up to `depth`
    /// (one or two) of its bytes; a variant reached in two ways may be passed twice.
    static func forEachDeletion(of word: [UInt8], depth: Int, _ body: (UInt32) -> Void) {
        body(hash(word, skipping: -1, -1))
        guard depth >= 1 else { return }
        for first in word.indices {
            body(hash(word, skipping: first, -1))
            guard depth >= 2 else { continue }
            for second in (first + 1)..<word.count { body(hash(word, skipping: first, second)) }
        }
    }

    /// FNV-1a (64-bit) over the bytes of `word` except those at `first` and `second`, folded to 32 bits.
    private static func hash(_ word: [UInt8], skipping first: Int, _ second: Int) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in word.indices where index != first && index != second {
            hash = (hash ^ UInt64(word[index])) &* 0x0000_0100_0000_01b3
        }
        return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
    }
}
