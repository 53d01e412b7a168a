import SkillParser

/// The parts of the assembly that go over every document's counts by term: the written forms, and
/// the postings, which are made on all cores: each core takes the terms whose global number is
/// its own modulo the number of cores, and reads every count, in document order, so that each
/// term's postings come out as a single core would make them, whatever the number of cores. On
/// one core they were the largest part of the assembly, with the other core idle.
extension SearchIndexBuilder {
    /// By global term: how often it was written as itself, and its other written forms with
    /// their counts. `globals` gives each batch's terms their global numbers. On one core: it
    /// runs beside the writing of the counts file and the counting of the shared words, which
    /// keep the other core busy.
    static func writtenForms(_ batches: [CountedBatch], globals: [[Int32]], termCount: Int)
        -> (own: [Int], others: [[String: Int]]) {
        var own = [Int](repeating: 0, count: termCount)
        var others = [[String: Int]](repeating: [:], count: termCount)
        for (batch, global) in zip(batches, globals) {
            for (document, terms) in zip(batch.documents, batch.documentTerms) {
                for (term, count) in document.ownForm.enumerated() where count > 0 { own[Int(global[Int(terms[term])])] += Int(count) }
                for form in document.otherForms {
                    others[Int(global[Int(terms[Int(form.term)])])][form.surface, default: 0] += Int(form.count)
                }
            }
        }
        return (own, others)
    }

    /// By global term, room for its postings: as many as the documents' counts have of it.
    static func emptyPostings(_ batches: [CountedBatch], globals: [[Int32]], termCount: Int) -> [[Posting]] {
        // Counted batch by batch on all cores, then summed term by term on all cores.
        let counts = Parallel.map(batches.count, minimumChunk: 1) { number -> [Int32] in
            var counts = [Int32](repeating: 0, count: termCount)
            let global = globals[number]
            for (document, terms) in zip(batches[number].documents, batches[number].documentTerms) {
                for entry in document.entries { counts[Int(global[Int(terms[Int(entry.term)])])] += 1 }
            }
            return counts
        }
        return Parallel.map(termCount, minimumChunk: 4096) { number in
            var postings: [Posting] = []
            postings.reserveCapacity(counts.reduce(0) { $0 + Int($1[number]) })
            return postings
        }
    }

    /// Appends the postings of `batch`'s counts, its sections numbered from `firstSection`, with
    /// their `weights` (one per count, in order), to `postings` by global term; returns the number
    /// of sections after the batch's.
    static func addPostings(of batch: CountedBatch, global: [Int32], weights: [UInt8], firstSection: Int,
                            to postings: inout [[Posting]]) -> Int {
        var after = firstSection
        for document in batch.documents { after += document.sectionEnds.count }
        postings.withUnsafeMutableBufferPointer { buffer in
            let postings = UncheckedSendable(buffer)
            byTerm { way, ways in
                var section = firstSection, entry = 0
                for (document, terms) in zip(batch.documents, batch.documentTerms) {
                    var first = 0
                    for end in document.sectionEnds {
                        for item in document.entries[first..<end] {
                            let number = Int(global[Int(terms[Int(item.term)])])
                            if number % ways == way { postings.value[number].append(Posting(section: section, weight: Int(weights[entry]))) }
                            entry += 1
                        }
                        first = end
                        section += 1
                    }
                }
            }
        }
        return after
    }

    /// The positions of `texts` in UTF-16 order (`String.utf16Precedes`), sorted on all cores.
    /// Each text's first eight UTF-8 bytes and its length are compared first, from arrays of
    /// their own: comparing the strings themselves read each one's storage, a cache miss per
    /// comparison over the half a million terms of agentic-awesome-skills. Bytes order as
    /// UTF-16 does but where both are 0xEE or more (U+E000 and up, or four-byte characters),
    /// and texts the prefixes do not tell apart are compared whole.
    static func utf16Order(_ texts: [String]) -> [Int] {
        let heads = Parallel.map(texts.count, minimumChunk: 4096) { position -> (prefix: UInt64, length: Int) in
            var text = texts[position]
            return text.withUTF8 { bytes in
                var prefix: UInt64 = 0
                for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
                return (prefix, bytes.count)
            }
        }
        return heads.withUnsafeBufferPointer { heads in
            Parallel.sortedIndices(texts.count) { first, second in
                let a = heads[first], b = heads[second]
                if a.prefix != b.prefix {
                    // The first byte that differs, counted from the start.
                    let place = (a.prefix ^ b.prefix).leadingZeroBitCount / 8
                    // One text ends before it: the other goes on with the bytes it has.
                    if place >= min(a.length, b.length) { return a.length < b.length }
                    let shift = UInt64(56 - 8 * place)
                    if UInt8(truncatingIfNeeded: a.prefix >> shift) < 0xEE || UInt8(truncatingIfNeeded: b.prefix >> shift) < 0xEE {
                        return a.prefix < b.prefix
                    }
                }
                return String.utf16Precedes(texts[first], texts[second])
            }
        }
    }

    /// Calls `body(way, ways)` for each of `ways` (the number of cores), in parallel.
    private static func byTerm(_ body: (_ way: Int, _ ways: Int) -> Void) {
        let ways = Parallel.cores
        _ = Parallel.map(ways, minimumChunk: 1) { way in body(way, ways) }
    }
}
