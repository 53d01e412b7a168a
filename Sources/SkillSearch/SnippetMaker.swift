import SkillParser
/// Cuts the part of a section's text that shows the most of the matched words, and marks them.
/// Offsets are UTF-16 units, as in the browser.
enum SnippetMaker {
    static let length = 160
    /// How much text to keep before the first match in the window.
    static let lead = 30

    static func snippet(_ text: String, terms: Set<String>) -> Snippet {
        let units = Array(text.utf16)
        var marks: [(range: Range<Int>, term: String)] = []
        for token in SearchTokenizer.tokens(text) where terms.contains(token.term) {
            let start = text.utf16.distance(from: text.utf16.startIndex, to: token.range.lowerBound)
            let end = start + text.utf16.distance(from: token.range.lowerBound, to: token.range.upperBound)
            marks.append((start..<end, token.term))
        }
        let merged = merge(marks.map(\.range))

        var start = 0
        var bestCount = 0
        for mark in marks {
            let candidate = max(0, mark.range.lowerBound - lead)
            var seen: Set<String> = []
            for other in marks where other.range.lowerBound >= candidate && other.range.upperBound <= candidate + length {
                seen.insert(other.term)
            }
            if seen.count > bestCount {
                bestCount = seen.count
                start = candidate
            }
        }
        var end = min(units.count, start + length)
        let inside = merged.filter { $0.lowerBound >= start && $0.upperBound <= end }
        if start > 0 {
            let limit = min(start + 20, inside.first?.lowerBound ?? end)
            if let space = (start..<max(start, limit)).first(where: { isSpace(units[$0]) }) { start = space + 1 }
        }
        if end < units.count {
            let from = max(start + length / 2, inside.last?.upperBound ?? start)
            if from < end, let space = (from..<end).last(where: { isSpace(units[$0]) }) { end = space }
        }
        if start < units.count, isLowSurrogate(units[start]) { start += 1 }
        if end < units.count, end > start, isLowSurrogate(units[end]) { end -= 1 }
        end = max(start, end)

        var shown = units[start..<end].map { $0 == 0x0A ? 0x20 : $0 }
        var shift = -start
        if start > 0 { shown.insert(0x2026, at: 0); shift += 1 }
        if end < units.count { shown.append(0x2026) }
        let kept = merged.filter { $0.lowerBound >= start && $0.upperBound <= end }
            .map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        return Snippet(text: String(decoding: shown, as: UTF16.self), marks: kept)
    }

    private static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A }
    private static func isLowSurrogate(_ unit: UInt16) -> Bool { unit >= 0xDC00 && unit <= 0xDFFF }
}
