import Foundation
import SiteBuilder
import SkillParser

/// `skillbook export --format json`: one entry per skill with what tools building on a
/// collection ask first: name, description, where it is, its references, a few counts, and
/// which skills it links to and is linked from (the site's skill graph, `SkillLink`).
struct SkillCatalog: Encodable {
    struct Entry: Encodable {
        struct Counts: Encodable {
            var documents: Int
            var references: Int
            var headings: Int
            var links: Int
            var rules: Int
        }

        var name: String
        var description: String?
        /// The SKILL.md, relative to the content root.
        var path: String
        var folder: String
        var references: [String]
        var counts: Counts
        var linksOut: [String]
        var linksIn: [String]
    }

    var schemaVersion = 1
    var root: String
    var skills: [Entry]

    init(_ graph: SkillGraph) {
        root = graph.root
        let links = SkillLink.all(in: graph)
        var outgoing: [String: [String]] = [:], incoming: [String: [String]] = [:]
        for link in links {
            outgoing[link.from.folder, default: []].append(link.to.name)
            incoming[link.to.folder, default: []].append(link.from.name)
        }
        skills = graph.skills.map { skill in
            let documents = ([skill.skillFile] + skill.documents).compactMap { graph.document(at: $0) }
            let references = documents.filter { $0.kind == .reference }.map(\.path)
            let counts = Entry.Counts(
                documents: documents.count, references: references.count,
                headings: documents.reduce(0) { $0 + $1.markdown.headings.count },
                links: documents.reduce(0) { $0 + $1.markdown.links.count },
                rules: documents.reduce(0) { $0 + $1.markdown.ruleCount })
            return Entry(name: skill.name, description: skill.manifest?.description, path: skill.skillFile, folder: skill.folder,
                         references: references, counts: counts,
                         linksOut: (outgoing[skill.folder] ?? []).sorted(), linksIn: (incoming[skill.folder] ?? []).sorted())
        }
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
