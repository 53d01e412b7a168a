import Foundation
@testable import SkillParser
import TestSupport
import Testing
@testable import SkillSearch

/// A patched state is written as a delta of the whole file it was read from
/// (`SearchIndexStateDelta`), read back as the state it is, and a delta that is not of the file
/// beside it, or damaged, makes the state unusable.
@Suite struct SearchIndexStateDeltaTests {
    static let program = SearchIndexPatchTests.program

    /// A folder of its own for the state's files.
    static func stateFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-test-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("index-state")
    }

    static func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }

    /// A full build whose state is written whole, then `edits`, each rebuilt from the state read
    /// back from the files and written again with deltas of up to `deltaUpTo` bytes; returns the
    /// last build and the state's file.
    static func rebuilds(_ edits: [(FixtureTree) throws -> Void], deltaUpTo: Int = .max) throws
        -> (last: SearchIndexPatchTests.Build, file: URL) {
        let tree = try SearchIndexPatchTests.collection()
        let file = try stateFile()
        var last = try SearchIndexPatchTests.build(tree, after: nil)
        let full = try #require(last.built.state)
        try full.write(to: file, program: program, deltaUpTo: deltaUpTo)
        #expect(!exists(SearchIndexStateDelta.location(of: file)), "a state assembled anew is written whole")
        last.state = try SearchIndexState.read(file, program: program)
        #expect(last.state == full)
        for edit in edits {
            try edit(tree)
            var again = try SearchIndexPatchTests.build(tree, after: last)
            #expect(again.built.patched)
            let state = try #require(again.built.state)
            try state.write(to: file, program: program, deltaUpTo: deltaUpTo)
            let read = try #require(try SearchIndexState.read(file, program: program))
            #expect(read == state)
            #expect(read.locations == state.locations)
            #expect(read.payload() == state.payload(), "read back, the same bytes")
            again.state = read
            last = again
        }
        return (last, file)
    }

    static let toggles = "controls/references/toggles.md"
    static var edits: [(FixtureTree) throws -> Void] {
        [
            SearchIndexPatchTests.replace("dense settings", with: "packed settings", in: toggles),
            SearchIndexPatchTests.replace("packed settings", with: "tight settings", in: toggles),
            SearchIndexPatchTests.replace("Toggling it takes effect at once.", with: "Toggling it takes effect at once, quietly.", in: toggles),
        ]
    }

    @Test func successivePatchesAreWrittenAsDeltasOfTheSameFile() throws {
        let (_, file) = try Self.rebuilds(Self.edits)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(Self.exists(SearchIndexStateDelta.location(of: file)))
        let delta = try #require(try CacheFile.read(SearchIndexStateDelta.location(of: file), kind: SearchIndexStateDelta.kind, key: Self.program))
        let base = try #require(try CacheFile.read(file, kind: SearchIndexState.kind, key: Self.program))
        #expect(delta.count < base.count, "the delta holds less than the state")
    }

    @Test func aDeltaPastItsLimitIsWrittenAsTheWholeFile() throws {
        let (last, file) = try Self.rebuilds(Array(Self.edits.prefix(1)), deltaUpTo: 0)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(!Self.exists(SearchIndexStateDelta.location(of: file)))
        #expect(try SearchIndexState.read(file, program: Self.program) == last.built.state)
    }

    @Test func aDeltaOfAnotherFileOrDamagedMakesTheStateUnusable() throws {
        let (last, file) = try Self.rebuilds(Self.edits)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let deltaFile = SearchIndexStateDelta.location(of: file)
        let delta = try Data(contentsOf: deltaFile)
        // The whole state written in its place: the old delta is not of it.
        var state = try #require(last.state)
        try state.write(to: file, program: Self.program, deltaUpTo: 0)
        #expect(!Self.exists(deltaFile))
        #expect(try SearchIndexState.read(file, program: Self.program) == state)
        try delta.write(to: deltaFile)
        #expect(throws: CacheDamage.self) { try SearchIndexState.read(file, program: Self.program) }
        // A delta cut short, or of another program.
        try delta.dropLast().write(to: deltaFile)
        #expect(throws: CacheDamage.self) { try SearchIndexState.read(file, program: Self.program) }
        state.records = nil
        try state.write(to: file, program: Self.program)
        try delta.write(to: deltaFile)
        #expect(throws: CacheDamage.self) { try SearchIndexState.read(file, program: ContentHash(high: 1, low: 1)) }
        // Removed with the state.
        SearchIndexState.remove(file)
        #expect(!Self.exists(file) && !Self.exists(deltaFile))
    }

    /// A base read from its file is named by the digest its header holds, which is the one a
    /// base made from bytes alone gets: a delta written against either applies to the other.
    @Test func aBaseIsNamedByItsFilesPayloadDigest() throws {
        let file = try Self.stateFile()
        let state = try #require(try SearchIndexPatchTests.build(try SearchIndexPatchTests.collection(), after: nil).built.state)
        try state.write(to: file, program: Self.program)
        let (payload, digest) = try #require(try CacheFile.readWithDigest(file, kind: SearchIndexState.kind, key: Self.program))
        #expect(SearchIndexStateDelta.base(payload).digest == digest)
        #expect(SearchIndexStateDelta.base(payload, digest: digest).digest == digest)
        var changed = payload
        changed[changed.count / 2] ^= 1
        #expect(SearchIndexStateDelta.base(changed).digest != digest)
    }

    @Test func aDeltaThatDoesNotParseOrReachesPastItsBaseIsRefused() throws {
        let base: [UInt8] = Array(0..<200)
        let read = SearchIndexStateDelta.base(base)
        var writer = CacheWriter()
        writer.key(read.digest)
        writer.number(base.count)
        let header = writer.bytes
        func delta(length: Int, _ pieces: [[Int]]) -> [UInt8] {
            var writer = CacheWriter()
            writer.bytes = header
            writer.number(length)
            writer.number(pieces.count)
            for piece in pieces {
                writer.number(piece[0])
                if piece[0] == 0 {
                    writer.number(piece[1])
                    writer.bytes += repeatElement(9, count: piece[1])
                } else {
                    writer.number(piece[1])
                    writer.number(piece[2])
                }
            }
            return writer.bytes
        }
        let good = try #require(SearchIndexStateDelta.apply(delta(length: 13, [[1, 190, 10], [0, 3]]), to: base, digest: read.digest))
        #expect(good.payload == Array(190..<200) + [9, 9, 9])
        #expect(good.base.spans == [SearchIndexStateDelta.Span(start: 0, base: 190, count: 10)])
        // Past the base, longer than it says, copies of more than the base, another tag, another base.
        #expect(SearchIndexStateDelta.apply(delta(length: 11, [[1, 195, 11]]), to: base, digest: read.digest) == nil)
        #expect(SearchIndexStateDelta.apply(delta(length: 5, [[0, 6]]), to: base, digest: read.digest) == nil)
        #expect(SearchIndexStateDelta.apply(delta(length: 400, [[1, 0, 200], [1, 0, 200]]), to: base, digest: read.digest) == nil)
        #expect(SearchIndexStateDelta.apply(delta(length: 1, [[2, 1, 1]]), to: base, digest: read.digest) == nil)
        #expect(SearchIndexStateDelta.apply(delta(length: 3, [[0, 3]]), to: base, digest: ContentHash(high: 1, low: 2)) == nil)
        #expect(SearchIndexStateDelta.apply(Array(delta(length: 13, [[1, 190, 10], [0, 3]]).dropLast()), to: base, digest: read.digest) == nil)
    }
}
