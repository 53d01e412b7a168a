import Foundation
import SkillParser

/// The duplicate cache's files: two `CacheFile`s whose payloads are columns, each a count and
/// fixed-width numbers, written as they are made and read back with one copy per column. `dedupe`
/// holds the files (digest, and the text of each rule), where each distinct text is in the texts
/// file (or the text itself, when that file has not got it) and the matched pairs; `dedupe-texts`
/// holds distinct texts and starts with their key, which `dedupe` names: a cache is read only when
/// the two agree. A rebuild writes the first and leaves the second, 15 of the 16 MB for
/// agentic-awesome-skills, as it is, unless its texts add more than an eighth to those there.
extension DuplicateCache {
    static let kind = CacheFile.Kind(magic: "SKBDUPES", format: formatVersion, name: "duplicate cache")
    static let textsKind = CacheFile.Kind(magic: "SKBDTEXT", format: formatVersion, name: "duplicate cache texts")
    public static let textsFileName = "dedupe-texts"

    /// The file of the texts kept beside the duplicate cache's `file`.
    static func textsFile(besideCache file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(textsFileName)
    }

    /// The cache kept in `file` (and the texts file beside it), or `nil` when there is none;
    /// throws, saying why, when it is there but made under another key, damaged in any way, or
    /// its texts file is missing, damaged or another build's (then the run computes everything,
    /// as without one).
    public static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> DuplicateCache? {
        let textsFile = Self.textsFile(besideCache: file)
        // Both files are mapped (`CacheFile.withPayload`), not read: decoding copies what it keeps.
        let decoded = try CacheFile.withPayload(file, kind: kind, key: key) { documents, _ throws(CacheDamage) in
            let read: Result<DuplicateCache, FixedWidthReader.Damage>?
            do throws(CacheDamage) {
                read = try CacheFile.withPayload(textsFile, kind: textsKind, key: key) { texts, _ in
                    Result { () throws(FixedWidthReader.Damage) in try Self.decode(documents: documents, texts: texts, key: key) }
                }
            } catch {
                throw CacheDamage("its texts file \(textsFileName) is not usable: \(error)")
            }
            guard let read else { throw CacheDamage("its texts file \(textsFileName) is not usable: missing") }
            return read
        }
        guard let decoded else { return nil }
        guard case .success(var cache) = decoded else { throw CacheDamage("its columns do not add up, or its texts are another build's") }
        cache.sketches = .file(CachedSketches.file(besideCache: file))
        return cache
    }

    /// `read`, for callers that need not say why a cache was not used.
    public init?(file: URL, key: ContentHash) {
        guard let cache = try? Self.read(file, key: key) else { return nil }
        self = cache
    }

    /// Writes the cache to `file`, column by column (`CacheFile.write`: streamed, renamed into place),
    /// its texts and its sketches to the files beside it, unless they are the ones already there (a
    /// run that reused the matched pairs has the texts it read, and sketches nothing new). The texts
    /// go first: a build stopped in between leaves files whose texts keys differ, which are not used.
    public func write(to file: URL) throws {
        let sketchFile = CachedSketches.file(besideCache: file)
        switch sketches {
        case .held where leavesFilesOfTheSameTexts && CachedSketches.holds(sketchFile, key: key, textsKey: textsKey):
            // The base holds this run's sketches: a delta beside it is another run's.
            CachedSketches.removeDelta(of: sketchFile)
        case .held(let sketches): try sketches.write(to: sketchFile)
        case .file(let source) where source.standardizedFileURL.path != sketchFile.standardizedFileURL.path:
            try loadedSketches()?.write(to: sketchFile)
        case .file, .none: break
        }
        let textsFile = Self.textsFile(besideCache: file)
        // The texts file the cache was read against, when it is still there and this cache adds few
        // texts to it: left, and `dedupe` says where each text is in it. Otherwise the texts file is
        // this cache's own (written, unless a `--full` build finds its very texts there).
        let limit = max(4096, texts.count / 8)
        var kept = TextsBase(key: textsKey, places: texts.indices.map { Int32($0) })
        if let base, base.places.count == texts.count, base.places.count(where: { $0 < 0 }) <= limit,
           CacheFile.payloadStarts(textsFile, kind: Self.textsKind, key: key, with: Self.keyColumn(base.key)) {
            kept = base
        } else if !(leavesFilesOfTheSameTexts
                    && CacheFile.payloadStarts(textsFile, kind: Self.textsKind, key: key, with: Self.keyColumn(textsKey))) {
            try CacheFile.write(to: textsFile, kind: Self.textsKind, key: key) { output in
                try output.column([textsKey.high, textsKey.low])
                try Self.encode(texts[...], into: &output)
            }
        }
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in try encodeDocuments(kept, into: &output) }
    }

    /// The bytes of a column holding `key` (what both the texts and the sketches files start with).
    static func keyColumn(_ key: ContentHash) -> [UInt8] {
        [UInt64(2), key.high, key.low].flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    }

    private func encodeDocuments(_ kept: TextsBase, into writer: inout CacheFile.Writer) throws {
        try writer.column([textsKey.high, textsKey.low])
        let documentList = documents.sorted { ($0.value.lowerBound, $0.key.high) < ($1.value.lowerBound, $1.key.high) }
        try writer.column(Self.pairs(documentList.map(\.key.high), documentList.map(\.key.low)))
        try writer.column(documentList.map { UInt32($0.value.count) })
        try writer.column(count: documentList.reduce(0) { $0 + $1.value.count }) { output in
            for document in documentList { try output.values(references[document.value]) }
        }
        try writer.column([kept.key.high, kept.key.low])
        try writer.column(kept.places)
        try Self.encode(texts.indices.lazy.filter { kept.places[$0] < 0 }.map { texts[$0] }, into: &writer)
        if let matched {
            try writer.column([matched.key.high, matched.key.low, UInt64(matched.candidates), UInt64(matched.verifiedCount)])
            try writer.column(matched.pairs.flatMap { [$0.first, $0.second] })
            try writer.column(matched.verifiedUnits)
        } else {
            try writer.column([UInt64]())
            try writer.column([UInt32]())
            try writer.column([UInt64]())
        }
    }

    /// The columns of a list of texts: keys, token counts, word counts, token hashes, sentence
    /// counts, sentence bounds, sentence keys.
    private static func encode(_ texts: some Collection<RuleFingerprint>, into writer: inout CacheFile.Writer) throws {
        try writer.column(pairs(texts.map(\.key.high), texts.map(\.key.low)))
        try writer.column(texts.map { UInt32($0.tokenCount) })
        try writer.column(texts.map { Int32(clamping: $0.wordCount) })
        try writer.column(count: texts.reduce(0) { $0 + $1.hashes.count }) { output in
            for text in texts { try output.values(text.hashes) }
        }
        try writer.column(texts.map { UInt32($0.sentences.count) })
        let sentenceCount = texts.reduce(0) { $0 + $1.sentences.count }
        try writer.column(count: 2 * sentenceCount) { output in
            for text in texts { try output.values(text.sentences.flatMap { [UInt32($0.lowerBound), UInt32($0.upperBound)] }) }
        }
        try writer.column(count: 2 * sentenceCount) { output in
            for text in texts { try output.values(text.sentenceKeys.flatMap { [$0.high, $0.low] }) }
        }
    }

    /// `first[0], second[0], first[1], second[1], ...`
    private static func pairs(_ first: [UInt64], _ second: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(2 * first.count)
        for (a, b) in zip(first, second) {
            result.append(a)
            result.append(b)
        }
        return result
    }

    private static func decode(documents: UnsafeRawBufferPointer, texts: UnsafeRawBufferPointer,
                               key: ContentHash) throws(FixedWidthReader.Damage) -> DuplicateCache {
        typealias Damage = FixedWidthReader.Damage
        var reader = FixedWidthReader(documents)
        var cache = DuplicateCache(key: key)
        let documentsTextKey = try reader.array(of: UInt64.self)
        let digests = try reader.array(of: UInt64.self)
        let ruleCounts = try reader.array(of: UInt32.self)
        let references = try reader.array(of: Int32.self)
        guard digests.count == 2 * ruleCounts.count else { throw Damage() }
        var start = 0
        for (index, count) in ruleCounts.enumerated() {
            let end = start + Int(count)
            guard end <= references.count else { throw Damage() }
            cache.documents[ContentHash(high: digests[2 * index], low: digests[2 * index + 1])] = start..<end
            start = end
        }
        guard start == references.count else { throw Damage() }
        cache.references = references
        let baseKey = try reader.array(of: UInt64.self)
        let places = try reader.array(of: Int32.self)
        let extras = try decodeTexts(&reader)
        guard baseKey.count == 2, documentsTextKey.count == 2 else { throw Damage() }

        var textsReader = FixedWidthReader(texts)
        let textsKey = try textsReader.array(of: UInt64.self)
        guard textsKey == baseKey else { throw Damage() }
        let baseTexts = try decodeTexts(&textsReader)
        guard textsReader.isAtEnd, places.allSatisfy({ $0 >= -1 && Int($0) < baseTexts.count }),
              places.count(where: { $0 < 0 }) == extras.count else { throw Damage() }
        cache.textsKey = ContentHash(high: documentsTextKey[0], low: documentsTextKey[1])
        var extra = 0
        cache.texts = places.map { place in
            if place >= 0 { return baseTexts[Int(place)] }
            defer { extra += 1 }
            return extras[extra]
        }
        cache.base = TextsBase(key: ContentHash(high: baseKey[0], low: baseKey[1]), places: places)
        let textCount = cache.texts.count
        guard references.allSatisfy({ $0 >= -1 && Int($0) < textCount }) else { throw Damage() }

        let matching = try reader.array(of: UInt64.self)
        let pairs = try reader.array(of: UInt32.self)
        let verifiedUnits = try reader.array(of: UInt64.self)
        guard reader.isAtEnd, zip(verifiedUnits, verifiedUnits.dropFirst()).allSatisfy({ $0 < $1 }),
              verifiedUnits.allSatisfy({ $0 >> 32 < $0 & 0xFFFF_FFFF }),
              matching.isEmpty || matching.count == 4, pairs.count % 2 == 0, matching.count == 4 || pairs.isEmpty,
              pairs.allSatisfy({ Int($0) < textCount })
        else { throw Damage() }
        if matching.count == 4 {
            let verified = Int(clamping: matching[3])
            guard verified <= pairs.count / 2 else { throw Damage() }
            cache.matched = MatchedPairs(key: ContentHash(high: matching[0], low: matching[1]), candidates: Int(clamping: matching[2]),
                                         pairs: stride(from: 0, to: pairs.count, by: 2).map { MatchedPairs.Pair(first: pairs[$0], second: pairs[$0 + 1]) },
                                         verifiedCount: verified, verifiedUnits: verifiedUnits)
        }
        return cache
    }

    /// The texts of `encode(_:into:)`'s columns, checked; made on all cores, their hashes slices
    /// of one array copied whole from the column.
    private static func decodeTexts(_ reader: inout FixedWidthReader) throws(FixedWidthReader.Damage) -> [RuleFingerprint] {
        typealias Damage = FixedWidthReader.Damage
        let textKeys = try reader.array(of: UInt64.self)
        let tokenCounts = try reader.array(of: UInt32.self)
        let wordCounts = try reader.array(of: Int32.self)
        let hashes = try reader.column(of: UInt64.self)
        let sentenceCounts = try reader.array(of: UInt32.self)
        let sentenceBounds = try reader.array(of: UInt32.self)
        let sentenceKeys = try reader.array(of: UInt64.self)
        let textCount = tokenCounts.count
        let hashCount = hashes.count / 8
        guard textKeys.count == 2 * textCount, wordCounts.count == textCount, sentenceCounts.count == textCount,
              sentenceBounds.count == sentenceKeys.count
        else { throw Damage() }
        // Where each text's hashes and sentences start, checked here; then the texts are made on all
        // cores, each one's hashes a slice of one array of the whole column (`RuleFingerprint`).
        var starts = [(hash: Int, sentence: Int)]()
        starts.reserveCapacity(textCount + 1)
        var (hashStart, sentenceStart) = (0, 0)
        for text in 0..<textCount {
            starts.append((hashStart, sentenceStart))
            let (tokens, sentenceCount) = (Int(tokenCounts[text]), Int(sentenceCounts[text]))
            guard tokens <= hashCount - hashStart, 2 * sentenceCount <= sentenceBounds.count - sentenceStart else { throw Damage() }
            for sentence in 0..<sentenceCount {
                let position = sentenceStart + 2 * sentence
                guard sentenceBounds[position] <= sentenceBounds[position + 1], Int(sentenceBounds[position + 1]) <= tokens
                else { throw Damage() }
            }
            hashStart += tokens
            sentenceStart += 2 * sentenceCount
        }
        guard hashStart == hashCount, sentenceStart == sentenceBounds.count else { throw Damage() }
        let allHashes = [UInt64](unsafeUninitializedCapacity: hashCount) { buffer, initialized in
            #if _endian(little)
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: hashes[..<(8 * hashCount)]))
            #else
            for index in 0..<hashCount { buffer[index] = UInt64(littleEndian: hashes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)) }
            #endif
            initialized = hashCount
        }
        return Parallel.map(textCount, minimumChunk: 1024) { text -> RuleFingerprint in
            let (tokens, sentenceCount) = (Int(tokenCounts[text]), Int(sentenceCounts[text]))
            let (hashStart, sentenceStart) = starts[text]
            var sentences: [Range<Int>] = []
            var keys: [TextKey] = []
            if sentenceCount > 0 {
                sentences.reserveCapacity(sentenceCount)
                keys.reserveCapacity(sentenceCount)
            }
            for sentence in 0..<sentenceCount {
                let position = sentenceStart + 2 * sentence
                sentences.append(Int(sentenceBounds[position])..<Int(sentenceBounds[position + 1]))
                keys.append(TextKey(high: sentenceKeys[position], low: sentenceKeys[position + 1]))
            }
            return RuleFingerprint(hashes: allHashes[hashStart..<(hashStart + tokens)],
                                   key: TextKey(high: textKeys[2 * text], low: textKeys[2 * text + 1]),
                                   sentences: sentences, sentenceKeys: keys, wordCount: Int(wordCounts[text]))
        }
    }
}
