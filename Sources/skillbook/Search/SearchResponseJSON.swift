import Foundation
import SkillSearch
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Search results as JSON, in the shape the JavaScript engine returns, so the two can be compared.
enum SearchResponseJSON {
    static func encode(_ response: SearchResponse, query: String) -> String {
        let results: [[String: Any]] = response.results.map { result in
            [
                "page": result.page, "pageTitle": result.pageTitle, "skill": result.skill,
                "score": result.score, "matched": result.matched, "words": result.words,
                "sections": result.sections.map { hit -> [String: Any] in
                    [
                        "section": hit.section, "anchor": hit.anchor, "heading": hit.heading,
                        "parentHeading": hit.parentHeading, "url": hit.url(page: result.page), "score": hit.score,
                        "snippet": ["text": hit.snippet.text, "marks": hit.snippet.marks.map { [$0.lowerBound, $0.upperBound] }],
                    ]
                },
            ]
        }
        let object: [String: Any] = [
            "query": query, "total": response.total, "results": results, "terms": response.terms,
            "suggestions": response.suggestions, "files": response.files,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
