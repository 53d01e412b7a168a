import Foundation
import SkillParser

/// The duplicate cache's file: a `CacheFile` whose payload is columns, each a count and
/// fixed-width numbers, written as they are made and read back with one copy per column.
extension DuplicateCache {
    static let kind = CacheFile.Kind(magic: "SKBDUPES", format: formatVersion, name: "duplicate cache")

    /// The cache kept in `file`, or `nil` when there is none; throws, saying why, when it is
    /// there but made under another key or damaged in any way (then the run computes everything,
    /// as without one).
    public static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> DuplicateCache? {
        guard let payload = try CacheFile.read(file, kind: kind, key: key) else { return nil }
        let decoded = payload.withUnsafeBytes { bytes in Result { () throws(FixedWidthReader.Damage) in try Self.decode(bytes, key: key) } }
        guard case .success(var cache) = decoded else { throw CacheDamage("its columns do not add up") }
        cache.sketches = .file(CachedSketches.file(besideCache: file))
        return cache
    }

    /// `read`, for callers that need not say why a cache was not used.
    public init?(file: URL, key: ContentHash) {
        guard let cache = try? Self.read(file, key: key) else { return nil }
        self = cache
    }

    /// Writes the cache to `file`, column by column (`CacheFile.write`: streamed, renamed into place),
    /// and its sketches to the file beside it, unless they are the ones already there (a run that
    /// reused the matched pairs sketches nothing new).
    public func write(to file: URL) throws {
        let sketchFile = CachedSketches.file(besideCache: file)
        switch sketches {
        case .held(let sketches): try sketches.write(to: sketchFile)
        case .file(let source) where source.standardizedFileURL.path != sketchFile.standardizedFileURL.path:
            try loadedSketches()?.write(to: sketchFile)
        case .file, .none: break
        }
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in try encode(into: &output) }
    }

    private func encode(into writer: inout CacheFile.Writer) throws {
        let documentList = documents.sorted { ($0.value.lowerBound, $0.key.high) < ($1.value.lowerBound, $1.key.high) }
        try writer.column(Self.pairs(documentList.map(\.key.high), documentList.map(\.key.low)))
        try writer.column(documentList.map { UInt32($0.value.count) })
        try writer.column(count: documentList.reduce(0) { $0 + $1.value.count }) { output in
            for document in documentList { try output.values(references[document.value]) }
        }
        try writer.column(Self.pairs(texts.map(\.key.high), texts.map(\.key.low)))
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
        if let matched {
            try writer.column([matched.key.high, matched.key.low, UInt64(matched.candidates), UInt64(matched.verifiedCount)])
            try writer.column(matched.pairs.flatMap { [$0.first, $0.second] })
        } else {
            try writer.column([UInt64]())
            try writer.column([UInt32]())
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

    private static func decode(_ payload: UnsafeRawBufferPointer, key: ContentHash) throws(FixedWidthReader.Damage) -> DuplicateCache {
        typealias Damage = FixedWidthReader.Damage
        var reader = FixedWidthReader(payload)
        var cache = DuplicateCache(key: key)
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

        let textKeys = try reader.array(of: UInt64.self)
        let tokenCounts = try reader.array(of: UInt32.self)
        let wordCounts = try reader.array(of: Int32.self)
        let hashes = try reader.array(of: UInt64.self)
        let sentenceCounts = try reader.array(of: UInt32.self)
        let sentenceBounds = try reader.array(of: UInt32.self)
        let sentenceKeys = try reader.array(of: UInt64.self)
        let textCount = tokenCounts.count
        guard textKeys.count == 2 * textCount, wordCounts.count == textCount, sentenceCounts.count == textCount,
              sentenceBounds.count == sentenceKeys.count, references.allSatisfy({ $0 >= -1 && Int($0) < textCount })
        else { throw Damage() }
        var (hashStart, sentenceStart) = (0, 0)
        cache.texts.reserveCapacity(textCount)
        for text in 0..<textCount {
            let (tokens, sentenceCount) = (Int(tokenCounts[text]), Int(sentenceCounts[text]))
            guard tokens <= hashes.count - hashStart, 2 * sentenceCount <= sentenceBounds.count - sentenceStart else { throw Damage() }
            var sentences: [Range<Int>] = []
            var keys: [TextKey] = []
            for sentence in 0..<sentenceCount {
                let position = sentenceStart + 2 * sentence
                let (lower, upper) = (Int(sentenceBounds[position]), Int(sentenceBounds[position + 1]))
                guard lower <= upper, upper <= tokens else { throw Damage() }
                sentences.append(lower..<upper)
                keys.append(TextKey(high: sentenceKeys[position], low: sentenceKeys[position + 1]))
            }
            cache.texts.append(RuleFingerprint(hashes: Array(hashes[hashStart..<(hashStart + tokens)]),
                                               key: TextKey(high: textKeys[2 * text], low: textKeys[2 * text + 1]),
                                               sentences: sentences, sentenceKeys: keys, wordCount: Int(wordCounts[text])))
            hashStart += tokens
            sentenceStart += 2 * sentenceCount
        }
        guard hashStart == hashes.count, sentenceStart == sentenceBounds.count else { throw Damage() }

        let matching = try reader.array(of: UInt64.self)
        let pairs = try reader.array(of: UInt32.self)
        guard reader.isAtEnd,
              matching.isEmpty || matching.count == 4, pairs.count % 2 == 0, matching.count == 4 || pairs.isEmpty,
              pairs.allSatisfy({ Int($0) < textCount })
        else { throw Damage() }
        if matching.count == 4 {
            let verified = Int(clamping: matching[3])
            guard verified <= pairs.count / 2 else { throw Damage() }
            cache.matched = MatchedPairs(key: ContentHash(high: matching[0], low: matching[1]), candidates: Int(clamping: matching[2]),
                                         pairs: stride(from: 0, to: pairs.count, by: 2).map { MatchedPairs.Pair(first: pairs[$0], second: pairs[$0 + 1]) },
                                         verifiedCount: verified)
        }
        return cache
    }
}
