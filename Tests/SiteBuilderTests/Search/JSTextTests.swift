import Foundation
import SkillParser
import SkillDuplicates
import Testing
@testable import SkillSearch

/// The index files' string literals: escaped run by run (`JSText.escaped`), and a document row's
/// text coded and escaped in one pass (`TextCodebook.encode(_:codes:escapedInto:)`), checked
/// against the rules written out one character at a time.
@Suite struct JSTextTests {
    /// The literal as the rules say, a character at a time: quote, backslash, line feed,
    /// carriage return and tab escaped; other controls as `\u00XX` unless kept raw; U+2028 and
    /// U+2029 as `\u2028` and `\u2029`; everything else as it is.
    static func expected(_ text: String, rawControls: Bool) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 && !rawControls {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    static let samples = [
        "", "plain words only", "\"quoted\" and back\\slash", "line\nfeed\r\nand\ttab",
        "bell\u{07} and escape \u{1B}[0m", "separators\u{2028}line\u{2029}paragraph", "\u{2028}\u{2028}",
        "é\u{2028}é", "€ 設定画面 😀 \u{A8}\u{A9}", "ends with a quote\"", "\\",
        "a\u{01}b\u{1F}c",
    ]

    @Test func escapesAsTheRulesSay() {
        for text in Self.samples {
            for raw in [false, true] {
                var output: [UInt8] = []
                JSText.string(text, rawControls: raw, into: &output)
                #expect(String(decoding: output, as: UTF8.self) == Self.expected(text, rawControls: raw), "\(text.debugDescription)")
                // A byte sequence that is not contiguous storage takes the same path.
                var lazy: [UInt8] = []
                JSText.string(utf8: text.utf8.lazy.map { $0 }, rawControls: raw, into: &lazy)
                #expect(lazy == output)
            }
        }
    }

    @Test func aRowTextIsCodedAndEscapedInOnePassAsInTwo() {
        let words = ["accessibility", "controls", "quote"]
        let codes = TextCodebook.codes(words)
        let texts = Self.samples + [
            "Accessibility controls: \"quote\" the controls\u{2028}accessibility\\controls",
            "controls", "xcontrols controlsx ab abc", "accessibility\naccessibility\ttab",
        ]
        for text in texts {
            let twoPasses = JSText.string(utf8: TextCodebook.encode(text, codes: codes), rawControls: true)
            var onePass: [UInt8] = [0x22]
            TextCodebook.encode(text, codes: codes, escapedInto: &onePass)
            onePass.append(0x22)
            #expect(onePass == twoPasses, "\(text.debugDescription)")
        }
        // The words coded are whole runs of letters of more than two, found in the codebook.
        let coded = TextCodebook.encode("controls xcontrols", codes: codes)
        #expect(coded.count == 2 + " xcontrols".utf8.count)
    }
}

/// `skills.js`, the home page filter's list, is written by the same escaper as the index files:
/// it reads back as the strings it was made from, and it is safe as a script.
@Suite struct SkillListJSTextTests {
    static let pieces = ["a", "\"", "\\", "/", "é", "e\u{301}", "😀", "\u{2028}", "\u{2029}", "\u{7F}", "\u{85}", "…", " ", "漢字", "<", "&"]
        + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

    @Test func arraysOfStringsReadBackAsTheirStrings() throws {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let strings = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                (0..<Int.random(in: 0..<8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
            var written: [UInt8] = []
            JSText.array(strings.count, into: &written) { index, output in JSText.string(strings[index], into: &output) }
            let read = try JSONSerialization.jsonObject(with: Data(written)) as? [String]
            #expect(read == strings, "\(strings.debugDescription)")
            // No raw line terminator of any JavaScript version, no raw control character.
            #expect(!String(decoding: written, as: UTF8.self).unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
        var written: [UInt8] = []
        let fixed = ["a\"b", "\u{1}\n", "x/y", "\u{2028}"]
        JSText.array(fixed.count, into: &written) { index, output in JSText.string(fixed[index], into: &output) }
        #expect(String(decoding: written, as: UTF8.self) == #"["a\"b","\u0001\n","x/y","\u2028"]"#)
    }
}
