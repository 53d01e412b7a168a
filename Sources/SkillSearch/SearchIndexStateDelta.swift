import Foundation
import SkillParser

/// What a rebuild writes of the index state (`SearchIndexState`) instead of the whole file: the
/// state's payload as the ranges it shares with the last whole file (`index-state`, the base),
/// which stay there, and the bytes it does not share, in `index-state-delta`. A patched
/// rebuild of agentic-awesome-skills after one changed paragraph leaves all but a few hundred
/// of its 145,597 term records and every other document's sections as they were; writing the
/// whole 14 MB state again (copying it into one array, digesting it and the kernel's copy) was
/// about 65 ms of processor time at the end of the build, which waits for it.
///
/// A `CacheFile` (its key: the program's) whose payload is the digest of the base's payload
/// (16 bytes, `CacheFile.payloadDigest`: the one the base file's header holds, so reading the
/// base does not digest its 14 MB a second time), the base's length and the state's, the number of pieces, then
/// per piece 0, a length and that many bytes (made), or 1, an offset and a length (copied from
/// the base). Numbers are LEB128. A delta whose base is not the file beside it, or that does not
/// parse, makes the state unusable (a rebuild then assembles the index anew): a base alone is
/// not the last build's state when a delta was written since.
///
/// A delta always holds everything since its base, never a delta of a delta: once its made
/// bytes pass a quarter of the base's length, the whole state is written as the new base.
enum SearchIndexStateDelta {
    static let kind = CacheFile.Kind(magic: "SKBIXSTD", format: 2, name: "search index state delta")

    /// The delta's file beside the state's (`index-state-delta`).
    static func location(of stateFile: URL) -> URL {
        stateFile.deletingLastPathComponent().appendingPathComponent(stateFile.lastPathComponent + "-delta")
    }

    /// The base a state's payload was read from, and where the base's bytes are in that payload.
    struct Base: Sendable {
        var digest: ContentHash
        var length: Int
        /// Ranges of the payload read (in order) that are the base's bytes from `base` on.
        var spans: [Span]
    }

    struct Span: Sendable, Equatable {
        var start: Int
        var base: Int
        var count: Int
    }

    /// The base `bytes` read alone: all of it is the payload. `digest` is the bytes' payload
    /// digest when the caller has it (the file's header held it); made here otherwise.
    static func base(_ bytes: [UInt8], digest: ContentHash? = nil) -> Base {
        base(count: bytes.count, digest: digest ?? bytes.withUnsafeBytes { CacheFile.payloadDigest($0) })
    }

    /// The base of `count` bytes whose payload digest is `digest`, read alone.
    static func base(count: Int, digest: ContentHash) -> Base {
        Base(digest: digest, length: count, spans: count == 0 ? [] : [Span(start: 0, base: 0, count: count)])
    }

    /// The payload `delta` makes of `base` (whose digest and length it must name), and where the
    /// base's bytes are in it; `nil` when it does not parse or names another base. The payload
    /// is at most as long as the base and the delta together (copies of the base never overlap).
    static func apply(_ delta: [UInt8], to base: [UInt8], digest: ContentHash) -> (payload: [UInt8], base: Base)? {
        base.withUnsafeBytes { apply(delta, to: $0, digest: digest) }
    }

    /// `apply` to a base in memory not of an array: a file's mapping (`CacheFile.withPayload`).
    static func apply(_ delta: [UInt8], to base: UnsafeRawBufferPointer, digest: ContentHash) -> (payload: [UInt8], base: Base)? {
        var reader = CacheReader(delta)
        guard reader.key() == digest, reader.number() == base.count, let length = reader.number(),
              length <= base.count + delta.count, let count = reader.number(), count <= delta.count else { return nil }
        var payload: [UInt8] = []
        payload.reserveCapacity(length)
        var spans: [Span] = []
        var copied = 0
        for _ in 0..<count {
            guard let tag = reader.number(), tag <= 1 else { return nil }
            if tag == 0 {
                guard let count = reader.number(), let bytes = reader.bytes(count), payload.count + count <= length else { return nil }
                payload += bytes
            } else {
                guard let offset = reader.number(), let count = reader.number(), offset <= base.count, count <= base.count - offset,
                      payload.count + count <= length, copied + count <= base.count else { return nil }
                spans.append(Span(start: payload.count, base: offset, count: count))
                payload.append(contentsOf: UnsafeRawBufferPointer(rebasing: base[offset..<(offset + count)]))
                copied += count
            }
        }
        guard reader.atEnd, payload.count == length else { return nil }
        return (payload, Base(digest: digest, length: base.count, spans: spans))
    }

    /// The delta of the payload `pieces` makes (its copies read from `source`, the payload the
    /// state was read from) against `base`; `nil` when it would make more than `madeUpTo` bytes.
    static func payload(_ pieces: SearchIndexState.Pieces, source: [UInt8], base: Base, madeUpTo: Int) -> [UInt8]? {
        var writer = Ops()
        pieces.forEach { part in
            switch part {
            case .made(let bytes): writer.made(bytes)
            case .copied(let range): writer.copy(range, of: source, spans: base.spans)
            }
        }
        guard writer.madeCount <= madeUpTo else { return nil }
        var output = CacheWriter()
        output.key(base.digest)
        output.number(base.length)
        output.number(pieces.count)
        output.number(writer.ops.count)
        output.bytes.reserveCapacity(output.bytes.count + writer.madeCount + 12 * writer.ops.count)
        for op in writer.ops {
            switch op {
            case .made(let range):
                output.number(0)
                output.number(range.count)
                output.bytes += writer.bytes[range]
            case .copied(let offset, let count):
                output.number(1)
                output.number(offset)
                output.number(count)
            }
        }
        return output.bytes
    }

    /// The delta's pieces as they are found, neighbours of a kind joined.
    private struct Ops {
        enum Op {
            /// A range of `bytes`.
            case made(Range<Int>)
            case copied(offset: Int, count: Int)
        }

        var ops: [Op] = []
        var bytes: [UInt8] = []
        var madeCount: Int { bytes.count }

        mutating func made(_ added: ArraySlice<UInt8>) {
            guard !added.isEmpty else { return }
            let start = bytes.count
            bytes += added
            if case .made(let range) = ops.last {
                ops[ops.count - 1] = .made(range.lowerBound..<bytes.count)
            } else {
                ops.append(.made(start..<bytes.count))
            }
        }

        mutating func copied(offset: Int, count: Int) {
            if case .copied(let last, let lastCount) = ops.last, last + lastCount == offset {
                ops[ops.count - 1] = .copied(offset: last, count: lastCount + count)
            } else {
                ops.append(.copied(offset: offset, count: count))
            }
        }

        /// `range` of `source`: copied from the base where `spans` say the base has it, made elsewhere.
        mutating func copy(_ range: Range<Int>, of source: [UInt8], spans: [Span]) {
            var position = range.lowerBound
            // The last span starting at or before `position`.
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= position { low = middle + 1 } else { high = middle }
            }
            var span = low - 1
            while position < range.upperBound {
                if span >= 0, span < spans.count, position < spans[span].start + spans[span].count {
                    let end = min(range.upperBound, spans[span].start + spans[span].count)
                    copied(offset: spans[span].base + position - spans[span].start, count: end - position)
                    position = end
                } else {
                    // Up to the next span, which starts after `position`.
                    let end = min(range.upperBound, span + 1 < spans.count ? spans[span + 1].start : range.upperBound)
                    made(source[position..<end])
                    position = end
                }
                while span + 1 < spans.count, spans[span + 1].start <= position { span += 1 }
            }
        }
    }
}

extension SearchIndexState {
    /// A state's payload as it is written: bytes made here and ranges of the payload the state
    /// was read from (`Records.payload`), in order.
    struct Pieces {
        enum Part {
            case made(ArraySlice<UInt8>)
            case copied(Range<Int>)
        }

        /// The bytes made, one after another.
        var made = CacheWriter()
        /// Each range copied, after the made bytes up to `after`.
        var copies: [(after: Int, range: Range<Int>)] = []
        private var copiedCount = 0

        /// The payload's length so far.
        var count: Int { made.bytes.count + copiedCount }

        /// Appends `range` of the source payload (joined with the copy before it when they follow).
        mutating func copy(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            copiedCount += range.count
            if let last = copies.last, last.after == made.bytes.count, last.range.upperBound == range.lowerBound {
                copies[copies.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                copies.append((made.bytes.count, range))
            }
        }

        /// The parts in order.
        func forEach(_ body: (Part) throws -> Void) rethrows {
            var made = 0
            for copy in copies {
                if copy.after > made { try body(.made(self.made.bytes[made..<copy.after])) }
                made = copy.after
                try body(.copied(copy.range))
            }
            if self.made.bytes.count > made { try body(.made(self.made.bytes[made...])) }
        }

        /// The whole payload, the copies taken from `source`.
        func joined(source: [UInt8]) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            forEach { part in
                switch part {
                case .made(let made): bytes += made
                case .copied(let range): source[range].withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
                }
            }
            return bytes
        }
    }
}
