import Testing
@testable import SiteBuilder

/// `ScriptCounts` counts on UTF-8 bytes what `LanguageGuess` weighs; the counts must be those
/// of a count by Unicode scalar, written out here.
@Suite struct ScriptCountsTests {
    static func byScalar(_ text: String) -> [Int] {
        var han = 0, kana = 0, hangul = 0, latin = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
            case 0x3040...0x30FF: kana += 1
            case 0xAC00...0xD7AF: hangul += 1
            case 0x41...0x5A, 0x61...0x7A: latin += 1
            default: break
            }
        }
        return [han, kana, hangul, latin]
    }

    @Test(arguments: [
        "", "Plain ASCII with [brackets] @ and `backticks` {braces} 09",
        "技能说明：用于测试", "スキルのテスト、カタカナ", "한국어 설명", "Ünïcödé café naïve — “quotes”",
        "Emoji 🚀 and 𠀀 (four bytes), 㐀 (extension A), 鿿 and ꀀ at the edges", "Mixed 中文 and English, ひらがな, 한글",
        "\u{3040}\u{30FF}\u{AC00}\u{D7AF}\u{4E00}\u{9FFF}\u{3400}\u{4DBF}\u{303F}\u{3100}\u{D7B0}",
    ])
    func bytesCountAsScalars(text: String) {
        var counts = ScriptCounts()
        counts.add(text)
        #expect([counts.han, counts.kana, counts.hangul, counts.latin] == Self.byScalar(text))
    }
}
