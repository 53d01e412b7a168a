import SkillParser
/// Character classes the tokenizer needs, with an ASCII fast path.
enum ScriptClasses {
    /// Letters, combining marks and decimal digits: what a word is made of.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        isWordCharacter(scalar) && !isDigit(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x30 && scalar.value <= 0x39 }
        return scalar.properties.generalCategory == .decimalNumber
    }

    static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }

    /// Han, kana and their iteration marks: scripts written without spaces, indexed by bigrams.
    /// Hangul is written with spaces and counts as ordinary letters.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        // Most text is below the first of these blocks.
        if scalar.value < 0x3005 { return false }
        switch scalar.value {
        case 0x3005...0x3007, 0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// An apostrophe inside a word ("don't") is dropped rather than splitting it.
    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    /// A point or comma between digits ("4.5", "1,000") keeps the number whole.
    static func isNumberSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == ","
    }
}
