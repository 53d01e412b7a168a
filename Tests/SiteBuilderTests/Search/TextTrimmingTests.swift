import Testing
@testable import SkillSearch

/// The section splitter's trimming: its test for white space and control characters beyond ASCII
/// agrees with Unicode's scalar properties for every scalar, and texts are trimmed and measured
/// as strings would be.
@Suite struct TextTrimmingTests {
    @Test func spaceAndControlBeyondASCIIAgreeWithUnicodeProperties() {
        var disagreements: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            if TextTrimming.isSpaceOrControl(scalar) != expected { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func textsAreTrimmedAndMeasuredInUTF16() {
        let cases: [(String, String)] = [
            ("  a  b\t\nc ", "a b c"),
            ("\u{3000}設定\u{00A0}画面\u{0085}", "設定 画面"),
            ("\u{1F600} x\u{7F}y", "\u{1F600} x y"),
            ("\u{2028}\u{2029}", ""),
            ("café", "café"),
        ]
        for (text, expected) in cases {
            var text = text
            let (bytes, units) = text.withUTF8 { TextTrimming.trimmed($0) }
            let trimmed = String(decoding: bytes, as: UTF8.self)
            #expect(trimmed == expected)
            #expect(units == expected.utf16.count)
        }
    }
}
