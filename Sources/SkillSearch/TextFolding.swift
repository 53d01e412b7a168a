import Foundation
import SkillParser

/// Case and diacritic folding shared by the index and every query: "Café" and "cafe" are one term.
///
/// The JavaScript engine (`Templates/assets/search.js`, `fold`) does the same steps in the same order:
/// lower-case, decompose, drop the combining diacritical marks (U+0300–U+036F), recompose, then
/// replace the few letters that carry no decomposable mark.
enum TextFolding {
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        // Han ideographs have no case, no decomposition and compose with nothing: each pair of
        // them the index meets came to Foundation's normalisation for nothing.
        if text.unicodeScalars.allSatisfy({ (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value) }) {
            return text
        }
        let decomposed = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !(0x300...0x36F).contains(scalar.value) {
            if let replacement = letterReplacements[scalar] {
                scalars.append(contentsOf: replacement.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Letters whose accent is not a combining mark after decomposition.
    static let letterReplacements: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ð": "d", "þ": "th",
    ]
}
