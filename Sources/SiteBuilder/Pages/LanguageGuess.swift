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
        var han = 0, kana = 0, hangul = 0, latin = 0
        for skill in graph.skills.prefix(2_000) {
            let text = (skill.manifest?.description ?? "") + " " + (graph.document(at: skill.skillFile)?.title ?? "")
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
                case 0x3040...0x30FF: kana += 1
                case 0xAC00...0xD7AF: hangul += 1
                case 0x41...0x5A, 0x61...0x7A: latin += 1
                default: break
                }
            }
        }
        // A CJK character carries about as much as a Latin word of five letters.
        let cjk = han + kana + hangul
        guard cjk * 3 > latin else { return "en" }
        if kana * 5 > cjk { return "ja" }
        if hangul * 2 > cjk { return "ko" }
        return "zh-Hans"
    }
}
