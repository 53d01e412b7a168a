import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `llms.txt`: the collection for agents, in the llmstxt.org format: a title, a summary, then
/// a list of every skill's `SKILL.md` and, under "Optional", the other documents.
///
/// The site writes it beside its pages and `skillbook export --format llms` prints it; both
/// make the text from the same `Entries`, so the two are the same bytes.
public enum LLMsText {
    /// The file for a collection. Links are relative to `llms.txt` at the site's root, where
    /// every Markdown source sits at its root-relative path, or absolute under `base_url`.
    public static func render(graph: SkillGraph, config: CollectionConfig) -> String {
        let identity = CollectionIdentity(graph: graph, config: config)
        return render(Entries(graph: graph, title: identity.title, description: identity.description,
                              skills: SkillGroups.group(graph.skills, config: config).flatMap(\.skills), baseURL: config.baseURL))
    }

    /// Everything the file is made from, in its order: `render` writes these and nothing else, and
    /// `digest` hashes these, so a site whose entries have the digest of the last build's file can
    /// keep that file (`IncrementalOutput.emit`). Making the text was a third of a rebuild's
    /// write step (about 20 ms of processor time for agentic-awesome-skills); hashing them is
    /// a pass over the titles and paths.
    struct Entries {
        struct Skill {
            var name: String
            var file: String
            var description: String?
        }

        struct Other {
            /// The owning skill's name, when the document has one.
            var owner: String?
            var title: String
            var path: String
        }

        var title: String
        var description: String?
        var baseURL: String?
        var skills: [Skill]
        var others: [Other]

        init(title: String, description: String?, baseURL: String?, skills: [Skill], others: [Other]) {
            self.title = title
            self.description = description
            self.baseURL = baseURL
            self.skills = skills
            self.others = others
        }

        init(site: SiteContext) {
            self.init(graph: site.graph, title: site.siteTitle, description: site.description,
                      skills: site.groups.flatMap(\.skills), baseURL: site.input.config.baseURL)
        }

        init(graph: SkillGraph, title: String, description: String?, skills: [SkillParser.Skill], baseURL: String?) {
            self.title = title
            self.description = description
            self.baseURL = baseURL
            self.skills = skills.map { Skill(name: $0.name, file: $0.skillFile, description: $0.manifest?.description) }
            // On all cores, as the lines were made before: a title is looked up among the headings.
            let documents = graph.documents.indices.filter { graph.documents[$0].kind != .skill }
            others = Parallel.map(documents.count, minimumChunk: 256) { index -> Other in
                let document = graph.documents[documents[index]]
                let owner = document.skillFolder.flatMap { graph.skillIndex(inFolder: $0) }.map { graph.skills[$0].name }
                return Other(owner: owner, title: document.title, path: document.path)
            }
        }

        /// The digest of the entries (with the format's version: a change in `render` changes
        /// the program, which the build cache's key covers, but the tag keeps the digest apart
        /// from the byte digests other files have).
        var digest: ContentHash {
            var hasher = ContentHasher()
            hasher.add("llms.txt entries 1")
            func add(_ text: String?) {
                hasher.add(text == nil ? 0 : 1)
                if let text { hasher.add(text) }
            }
            add(title)
            add(description)
            add(baseURL)
            hasher.add(skills.count)
            for skill in skills {
                hasher.add(skill.name)
                hasher.add(skill.file)
                add(skill.description)
            }
            hasher.add(others.count)
            for other in others {
                add(other.owner)
                hasher.add(other.title)
                hasher.add(other.path)
            }
            return hasher.finalize()
        }
    }

    static func render(site: SiteContext) -> String {
        render(Entries(site: site))
    }

    static func render(_ entries: Entries) -> String {
        func url(_ source: String) -> String {
            let path = SitePaths.file(forSource: source)
            return entries.baseURL.map { SiteURL.absolute(path, base: $0) } ?? SitePaths.url(to: path, from: "llms.txt")
        }
        func line(_ text: String) -> String {
            // Most names and titles are one line of ASCII without brackets: nothing to change.
            if text.utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }) {
                return text
            }
            return text.split(whereSeparator: \.isNewline).joined(separator: " ")
                .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        }
        var text = "# \(line(entries.title))\n\n"
        if let description = entries.description { text += "> \(line(description))\n\n" }
        text += "Each skill is a folder with a SKILL.md; the Markdown links below are the sources, and every page of the site sits beside its source as HTML.\n\n"
        text += "## Skills\n\n"
        // Each line is made on all cores and the lines joined in order: one after another they
        // were 0.17 s of the write step's main thread at 10,000 synthetic skills (45,000 lines).
        let skills = entries.skills
        let skillLines = Parallel.map(skills.count, minimumChunk: 64) { index -> String in
            let skill = skills[index]
            var text = "- [\(line(skill.name))](\(url(skill.file)))"
            if let description = skill.description { text += ": \(line(description))" }
            return text + "\n"
        }
        for skillLine in skillLines { text += skillLine }
        let others = entries.others
        if !others.isEmpty {
            text += "\n## Optional\n\n"
            let otherLines = Parallel.map(others.count, minimumChunk: 64) { index -> String in
                let other = others[index]
                let owner = other.owner.map { "\($0): " } ?? ""
                return "- [\(line(owner + other.title))](\(url(other.path)))\n"
            }
            for otherLine in otherLines { text += otherLine }
        }
        return text
    }
}
