import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The language of a collection for `<html lang>`: `language` of `skillbook.yml`, else a guess
/// from the script most of its skill names, titles and descriptions are written in. A reader's
/// screen reader picks its voice from `lang`, so a Chinese collection announced as English is
/// read out letter by letter.
enum LanguageGuess {
    static func language(config: CollectionConfig, graph: SkillGraph) -> String {
        if let language = config.language { return language }
        var counts = ScriptCounts()
        for skill in graph.skills.prefix(2_000) {
            counts.add(skill.manifest?.description ?? "")
            counts.add(" ")
            if let index = graph.documentPosition(at: skill.skillFile) { counts.add(graph.documents[index].title) }
        }
        let (han, kana, hangul, latin) = (counts.han, counts.kana, counts.hangul, counts.latin)
        // A CJK character carries about as much as a Latin word of five letters.
        let cjk = han + kana + hangul
        guard cjk * 3 > latin else { return "en" }
        if kana * 5 > cjk { return "ja" }
        if hangul * 2 > cjk { return "ko" }
        return "zh-Hans"
    }
}

/// The letters of the scripts `LanguageGuess` weighs, counted on a text's UTF-8 bytes: every
/// script it counts besides Latin is written in three bytes, so no other scalar is decoded (by
/// scalar, with each skill's description and title joined first, this was 3.5-5.5 ms of a
/// rebuild of agentic-awesome-skills).
struct ScriptCounts {
    var han = 0, kana = 0, hangul = 0, latin = 0

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { latin += 1 }
                    index += 1
                } else if byte & 0xF0 == 0xE0, index + 2 < bytes.count {
                    let value = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    count(value)
                    index += 3
                } else {
                    index += 1
                }
            }
        }
    }

    /// A scalar of three UTF-8 bytes.
    private mutating func count(_ value: UInt32) {
        switch value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
        case 0x3040...0x30FF: kana += 1
        case 0xAC00...0xD7AF: hangul += 1
        default: break
        }
    }
}
