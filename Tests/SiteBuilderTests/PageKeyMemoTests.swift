import Foundation
import Testing
@testable import SiteBuilder
import SkillParser

/// The memo of page keys (`PageKeyMemo`): a key comes back only under the world and own inputs
/// it was stored with, and a damaged file is refused rather than read.
@Suite struct PageKeyMemoTests {
    static func hash(_ text: String) -> ContentHash { .of(Data(text.utf8)) }

    static let memo = PageKeyMemo(world: hash("world"), entries: [
        "a/index.html": .init(local: hash("a local"), key: hash("a key")),
        "a/references/b.html": .init(local: hash("b local"), key: hash("b key")),
    ])

    @Test func aKeyComesBackOnlyUnderTheSameWorldAndOwnInputs() {
        let memo = Self.memo
        #expect(memo.key(for: "a/index.html", local: Self.hash("a local"), world: Self.hash("world")) == Self.hash("a key"))
        #expect(memo.key(for: "a/index.html", local: Self.hash("a local"), world: Self.hash("other world")) == nil)
        #expect(memo.key(for: "a/index.html", local: Self.hash("b local"), world: Self.hash("world")) == nil)
        #expect(memo.key(for: "c.html", local: Self.hash("a local"), world: Self.hash("world")) == nil)
    }

    @Test func aMemoReadsBackAsWrittenAndADamagedOneIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = PageKeyMemo.location(for: folder.appendingPathComponent("site"))
        #expect(try PageKeyMemo.read(file) == nil)
        try Self.memo.write(to: file)
        #expect(try PageKeyMemo.read(file) == Self.memo)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 5] ^= 0xFF
        try bytes.write(to: file)
        #expect(throws: CacheDamage.self) { try PageKeyMemo.read(file) }
        try bytes.prefix(bytes.count - 3).write(to: file)
        #expect(throws: CacheDamage.self) { try PageKeyMemo.read(file) }
    }

    @Test func recordsThatDoNotAddUpAreRefused() {
        var bytes = Self.memo.encoded()
        bytes.append(0)
        #expect(throws: CacheDamage.self) { try bytes.withUnsafeBytes { try PageKeyMemo.decode($0) } }
        let short = Array(Self.memo.encoded().dropLast(4))
        #expect(throws: CacheDamage.self) { try short.withUnsafeBytes { try PageKeyMemo.decode($0) } }
    }
}
