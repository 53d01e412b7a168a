import Foundation
import Testing
import SkillDuplicates
@testable import SiteBuilder

/// `skills.js` keeps the bytes `JSONSerialization` gave it before it was written by hand.
@Suite struct JSONStringsTests {
    static let pieces = ["a", "\"", "\\", "/", "é", "e\u{301}", "😀", "\u{2028}", "\u{7F}", "\u{85}", "…", " ", "漢字", "<", "&"]
        + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

    @Test func arraysOfStringsAreWrittenAsJSONSerializationWritesThem() throws {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let strings = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                (0..<Int.random(in: 0..<8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
            var written: [UInt8] = []
            JSONStrings.array(strings, into: &written)
            let expected = try JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])
            #expect(written == Array(expected), "\(strings.debugDescription)")
        }
        var written: [UInt8] = []
        JSONStrings.array(["a\"b", "\u{1}\n", "x/y"], into: &written)
        #expect(String(decoding: written, as: UTF8.self) == #"["a\"b","\u0001\n","x/y"]"#)
    }
}
