import SkillSearch
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Search results for a terminal: rank, page and section, URL, skill, and the snippet with the
/// matched words in bold.
struct SearchResponseText {
    var color: Bool

    func format(_ response: SearchResponse, query: String) -> String {
        guard !response.results.isEmpty else {
            var text = "no results for '\(query)'\n"
            if !response.suggestions.isEmpty {
                text += "closest known words: " + response.suggestions.joined(separator: ", ") + "\n"
            }
            return text
        }
        var lines: [String] = []
        for (rank, result) in response.results.enumerated() {
            let hit = result.sections[0]
            var title = result.pageTitle
            if !hit.heading.isEmpty { title += " › " + hit.heading }
            var heading = "\(rank + 1). " + (color ? "\u{1B}[1m\(title)\u{1B}[0m" : title)
            if !result.skill.isEmpty { heading += "  [\(result.skill)]" }
            if result.matched < result.words { heading += "  (\(result.matched) of \(result.words) words)" }
            lines.append(heading)
            lines.append("   " + hit.url(page: result.page))
            if !hit.snippet.text.isEmpty { lines.append("   " + marked(hit.snippet)) }
        }
        let shown = response.results.count
        lines.append("")
        lines.append(response.total == shown ? "\(shown) page\(shown == 1 ? "" : "s") found"
                                             : "\(shown) of \(response.total) pages found")
        return lines.joined(separator: "\n") + "\n"
    }

    private func marked(_ snippet: Snippet) -> String {
        guard color else { return snippet.text }
        let units = Array(snippet.text.utf16)
        var result = "", position = 0
        for mark in snippet.marks {
            result += String(decoding: units[position..<mark.lowerBound], as: UTF16.self)
            result += "\u{1B}[1;33m" + String(decoding: units[mark], as: UTF16.self) + "\u{1B}[0m"
            position = mark.upperBound
        }
        return result + String(decoding: units[position...], as: UTF16.self)
    }
}
