import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `llms.txt`: the collection for agents, in the llmstxt.org format: a title, a summary, then
/// a list of every skill's `SKILL.md` and, under "Optional", the other documents.
enum LLMsText {
    static func render(site: SiteContext) -> String {
        let graph = site.graph
        let base = site.input.config.baseURL
        func url(_ source: String) -> String {
            let path = SitePaths.file(forSource: source)
            return base.map { SiteURL.absolute(path, base: $0) } ?? SitePaths.url(to: path, from: "llms.txt")
        }
        func line(_ text: String) -> String {
            text.split(whereSeparator: \.isNewline).joined(separator: " ")
                .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        }
        var text = "# \(line(site.siteTitle))\n\n"
        if let description = site.description { text += "> \(line(description))\n\n" }
        text += "Each skill is a folder with a SKILL.md; the Markdown links below are the sources, and every page of the site sits beside its source as HTML.\n\n"
        text += "## Skills\n\n"
        for family in site.families {
            for skill in family.skills {
                text += "- [\(line(skill.name))](\(url(skill.skillFile)))"
                if let description = skill.manifest?.description { text += ": \(line(description))" }
                text += "\n"
            }
        }
        let others = graph.documents.filter { $0.kind != .skill }
        if !others.isEmpty {
            text += "\n## Optional\n\n"
            for document in others {
                let owner = graph.skill(of: document).map { "\($0.name): " } ?? ""
                text += "- [\(line(owner + document.title))](\(url(document.path)))\n"
            }
        }
        return text
    }
}
