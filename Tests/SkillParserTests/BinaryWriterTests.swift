import Testing
@testable import SkillParser

/// A record nested in parts (`record(_:)`) is written as the same bytes as the record copied in
/// whole after its length, wherever it sits in the outer record.
@Suite struct BinaryWriterTests {
    @Test func aNestedRecordInPartsIsTheRecordCopiedInWhole() throws {
        var inner = BinaryWriter()
        inner.string("inner text")
        inner.int(-5)
        var other = BinaryWriter()
        other.string("other")
        var parts = BinaryWriter(), whole = BinaryWriter()
        for writer in [0, 1] {
            var outer = BinaryWriter()
            outer.string("before")
            if writer == 0 { outer.record(inner.parts()) } else { outer.count(inner.finished().count); outer.bytes(inner.finished()) }
            outer.string("between")
            if writer == 0 { outer.record(other.parts()) } else { outer.count(other.finished().count); outer.bytes(other.finished()) }
            outer.count(7)
            if writer == 0 { parts = outer } else { whole = outer }
        }
        #expect(Array(parts.parts().joined()) == whole.finished())
        #expect(parts.finished() == whole.finished())
        try parts.finished().withUnsafeBytes { buffer in
            var reader = try BinaryReader(record: buffer)
            #expect(try reader.string() == "before")
            let range = try reader.skip(try reader.count())
            try reader.withRecord(range) { bytes throws(CacheDamage) in
                var nested = try BinaryReader(record: bytes)
                #expect(try nested.string() == "inner text")
                #expect(try nested.int() == -5)
                #expect(nested.isAtEnd)
            }
            #expect(try reader.string() == "between")
            _ = try reader.skip(try reader.count())
            #expect(try reader.unsigned() == 7)
            #expect(reader.isAtEnd)
        }
    }
}
