import SkillParser
/// A light English stemmer: plurals, `-ed`, `-ing`, and a trailing `-e` or `-y`, after the first
/// steps of Porter's algorithm (1a, 1b, 1c, 5a, 5b) and one step of its own for words in `-us`, so that "targets" finds "target" and
/// "toggling" finds "toggle". It leaves derivational suffixes (`-ation`, `-ness`) alone, which
/// keeps unrelated words apart. Only words of three or more ASCII letters are stemmed.
///
/// The JavaScript engine has the same function (`stem` in `Templates/assets/search.js`); the shared
/// cases in `Tests/search-js/cases.json` keep the two equal.
enum EnglishStemmer {
    static func stem(_ word: String) -> String {
        var letters = Array(word.utf8)
        guard letters.count >= 3, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        pluralStep(&letters)
        pastAndGerundStep(&letters)
        finalYStep(&letters)
        finalEStep(&letters)
        doubleLStep(&letters)
        finalUSStep(&letters)
        return String(decoding: letters, as: UTF8.self)
    }

    // MARK: Steps

    /// `caresses` → `caress`, `ponies` → `poni`, `cats` → `cat`; `ss` stays.
    private static func pluralStep(_ w: inout [UInt8]) {
        if w.hasSuffix("sses") || w.hasSuffix("ies") {
            w.removeLast(2)
        } else if w.hasSuffix("s"), !w.hasSuffix("ss") {
            w.removeLast()
        }
    }

    /// `agreed` → `agree`, `plastered` → `plaster`, `hopping` → `hop`, `hoping` → `hope`.
    private static func pastAndGerundStep(_ w: inout [UInt8]) {
        if w.hasSuffix("eed") {
            if measure(w.dropLast(3)) > 0 { w.removeLast() }
            return
        }
        let suffix: Int
        if w.hasSuffix("ed") { suffix = 2 } else if w.hasSuffix("ing") { suffix = 3 } else { return }
        let base = Array(w.dropLast(suffix))
        guard containsVowel(base) else { return }
        w = base
        if w.hasSuffix("at") || w.hasSuffix("bl") || w.hasSuffix("iz") {
            w.append(0x65)
        } else if endsWithDoubleConsonant(w), let last = w.last, !"lsz".utf8.contains(last) {
            w.removeLast()
        } else if measure(w[...]) == 1, endsConsonantVowelConsonant(w) {
            w.append(0x65)
        }
    }

    /// `happy` → `happi`, where `happies` and `happied` already arrive, so all three meet.
    private static func finalYStep(_ w: inout [UInt8]) {
        if w.last == 0x79, containsVowel(w.dropLast()) { w[w.count - 1] = 0x69 }
    }

    /// `probate` → `probat`, `rate` stays (one syllable ending consonant-vowel-consonant).
    private static func finalEStep(_ w: inout [UInt8]) {
        guard w.last == 0x65 else { return }
        let base = w.dropLast()
        let m = measure(base)
        if m > 1 || (m == 1 && !endsConsonantVowelConsonant(Array(base))) { w.removeLast() }
    }

    /// `controll` → `control` for longer words; `fall` stays.
    private static func doubleLStep(_ w: inout [UInt8]) {
        if w.hasSuffix("ll"), measure(w[...]) > 1 { w.removeLast() }
    }

    /// `focus` already lost its `s` as if it were a plural; `focuses`, `focused` and `focusing`
    /// arrive at `focus`, so they lose it too.
    private static func finalUSStep(_ w: inout [UInt8]) {
        if w.count >= 5, w.hasSuffix("us") { w.removeLast() }
    }

    // MARK: Letter classes

    private static func isConsonant(_ w: some RandomAccessCollection<UInt8>, _ offset: Int) -> Bool {
        let letter = w[w.index(w.startIndex, offsetBy: offset)]
        switch letter {
        case 0x61, 0x65, 0x69, 0x6F, 0x75: return false
        case 0x79: return offset == 0 || !isConsonant(w, offset - 1)
        default: return true
        }
    }

    /// Porter's m: the number of vowel-consonant sequences in `[C](VC)^m[V]`.
    static func measure(_ w: some RandomAccessCollection<UInt8>) -> Int {
        var m = 0
        var previousWasVowel = false
        for offset in 0..<w.count {
            let consonant = isConsonant(w, offset)
            if consonant && previousWasVowel { m += 1 }
            previousWasVowel = !consonant
        }
        return m
    }

    private static func containsVowel(_ w: some RandomAccessCollection<UInt8>) -> Bool {
        (0..<w.count).contains { !isConsonant(w, $0) }
    }

    private static func endsWithDoubleConsonant(_ w: [UInt8]) -> Bool {
        w.count >= 2 && w[w.count - 1] == w[w.count - 2] && isConsonant(w, w.count - 1)
    }

    /// Consonant, vowel, consonant at the end, the last not `w`, `x` or `y` (`hop`, not `snow`).
    private static func endsConsonantVowelConsonant(_ w: [UInt8]) -> Bool {
        let n = w.count
        guard n >= 3, isConsonant(w, n - 3), !isConsonant(w, n - 2), isConsonant(w, n - 1) else { return false }
        return !"wxy".utf8.contains(w[n - 1])
    }
}

extension Array where Element == UInt8 {
    /// Compared in place: an array made of the suffix for each test (eight or more per word)
    /// was a tenth of working out a new word form's terms in the index step's profile.
    fileprivate func hasSuffix(_ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        return suffix.withUTF8Buffer { tail in
            for offset in 0..<length where self[count - length + offset] != tail[offset] { return false }
            return true
        }
    }
}
