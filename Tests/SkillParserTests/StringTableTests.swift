import Testing
@testable import SkillParser

/// The parse cache's string table stores each distinct string once and gives it back by
/// position, however many strings it holds (its slots grow) and whatever their lengths.
@Suite struct StringTableTests {
    @Test func aStringWrittenAgainKeepsItsPosition() {
        var table = StringTable()
        // Lengths around the 8-byte words the hash reads, the empty string, non-ASCII text.
        let texts = (0..<3_000).map { "s\($0)" + String(repeating: "é", count: $0 % 11) } + ["", "a", "abcdefgh", "abcdefghi"]
        var positions: [Int] = []
        for text in texts { positions.append(Self.index(of: text, in: &table)) }
        #expect(positions == Array(0..<texts.count))
        #expect(table.count == texts.count)
        for (position, text) in texts.enumerated().reversed() {
            #expect(Self.index(of: text, in: &table) == position)
        }
        #expect(table.count == texts.count)
    }

    @Test func theRecordHoldsEachStringOnceAndReadsBack() throws {
        var writer = BinaryWriter()
        let texts = ["docs/a.md", "Title", "docs/a.md", "", "Title", "ünïcödé"]
        for text in texts { writer.string(text) }
        writer.file("docs/a.md")
        writer.file("docs/b.md")
        writer.file("docs/a.md")
        let record = writer.finished()
        try record.withUnsafeBytes { buffer in
            var reader = try BinaryReader(record: buffer)
            for text in texts { #expect(try reader.string() == text) }
            #expect(try reader.string() == "docs/a.md")
            #expect(try reader.string() == "docs/b.md")
            #expect(try reader.string() == "docs/a.md")
            #expect(reader.isAtEnd)
        }
        // Five distinct strings in the table: its count comes first.
        #expect(record.first == 5)
    }

    private static func index(of text: String, in table: inout StringTable) -> Int {
        var text = text
        return text.withUTF8 { table.index(of: $0) }
    }
}
