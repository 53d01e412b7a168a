import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `llms.txt`: the collection for agents, in the llmstxt.org format: a title, a summary, then
/// a list of every skill's `SKILL.md` and, under "Optional", the other documents.
///
/// The site writes it beside its pages and `skillbook export --format llms` prints it; both
/// call `render(graph:config:)`, so the two are the same bytes.
public enum LLMsText {
    /// The file for a collection. Links are relative to `llms.txt` at the site's root, where
    /// every Markdown source sits at its root-relative path, or absolute under `base_url`.
    public static func render(graph: SkillGraph, config: CollectionConfig) -> String {
        let identity = CollectionIdentity(graph: graph, config: config)
        return render(graph: graph, title: identity.title, description: identity.description,
                      skills: SkillGroups.group(graph.skills, config: config).flatMap(\.skills), baseURL: config.baseURL)
    }

    static func render(site: SiteContext) -> String {
        render(graph: site.graph, title: site.siteTitle, description: site.description,
               skills: site.groups.flatMap(\.skills), baseURL: site.input.config.baseURL)
    }

    private static func render(graph: SkillGraph, title: String, description: String?, skills: [Skill],
                               baseURL: String?) -> String {
        func url(_ source: String) -> String {
            let path = SitePaths.file(forSource: source)
            return baseURL.map { SiteURL.absolute(path, base: $0) } ?? SitePaths.url(to: path, from: "llms.txt")
        }
        func line(_ text: String) -> String {
            // Most names and titles are one line of ASCII without brackets: nothing to change.
            if text.utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }) {
                return text
            }
            return text.split(whereSeparator: \.isNewline).joined(separator: " ")
                .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        }
        var text = "# \(line(title))\n\n"
        if let description { text += "> \(line(description))\n\n" }
        text += "Each skill is a folder with a SKILL.md; the Markdown links below are the sources, and every page of the site sits beside its source as HTML.\n\n"
        text += "## Skills\n\n"
        // Each line is made on all cores and the lines joined in order: one after another they
        // were 0.17 s of the write step's main thread at 10,000 synthetic skills (45,000 lines).
        let skillLines = Parallel.map(skills.count, minimumChunk: 64) { index -> String in
            let skill = skills[index]
            var text = "- [\(line(skill.name))](\(url(skill.skillFile)))"
            if let description = skill.manifest?.description { text += ": \(line(description))" }
            return text + "\n"
        }
        for skillLine in skillLines { text += skillLine }
        let others = graph.documents.filter { $0.kind != .skill }
        if !others.isEmpty {
            text += "\n## Optional\n\n"
            let otherLines = Parallel.map(others.count, minimumChunk: 64) { index -> String in
                let document = others[index]
                let owner = graph.skill(of: document).map { "\($0.name): " } ?? ""
                return "- [\(line(owner + document.title))](\(url(document.path)))\n"
            }
            for otherLine in otherLines { text += otherLine }
        }
        return text
    }
}
