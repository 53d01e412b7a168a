import SkillParser

/// Input keys of the reports' detail pages, which hold most of a large report: a diagnostics
/// page is made from its slice of one code's findings, a duplicates page from its slice of the
/// clusters. Each finding or member is shown with its place, the link to that place (whether the
/// file has a page, and the anchor `ReportLinks` picks) and, for findings, the file's skill.
/// The summary pages stay keyed on their model.
extension PageInputs {
    func diagnosticsPartKey(code name: String, part: Int, page: PlannedPage) -> ContentHash? {
        guard let code = site.diagnosticsReport.code(name), part >= 1, part <= code.parts.count else { return nil }
        var hasher = pageHasher(page)
        hasher.add(code.code)
        hasher.add(code.severity.rawValue)
        hasher.add(code.diagnostics.count)
        add(parts: code.parts, part: part, to: &hasher)
        var files = PlaceFiles(graph: site.graph)
        for diagnostic in code.diagnostics[code.parts[part - 1]] {
            hasher.add(diagnostic.severity.rawValue)
            hasher.add(diagnostic.code)
            hasher.add(diagnostic.message)
            add(place: diagnostic.location, files: &files, to: &hasher)
            hasher.add(optional: files.facts(of: diagnostic.location.file)?.skill)
            hasher.add(diagnostic.notes.count)
            for note in diagnostic.notes {
                hasher.add(note.message)
                if let location = note.location {
                    hasher.add(1)
                    add(place: location, files: &files, to: &hasher)
                } else {
                    hasher.add(0)
                }
            }
            hasher.add(optional: diagnostic.suggestion)
        }
        return hasher.finalize()
    }

    func duplicatesPartKey(_ part: Int, page: PlannedPage) -> ContentHash? {
        let report = site.duplicatesReport
        guard part >= 1, part <= report.parts.count else { return nil }
        var hasher = pageHasher(page)
        // The page names the pages before and after it, and how many there are.
        hasher.add(part)
        hasher.add(report.parts.count)
        for neighbour in max(1, part - 1)...min(report.parts.count, part + 1) {
            hasher.add(report.parts[neighbour - 1].lowerBound)
            hasher.add(report.parts[neighbour - 1].upperBound)
        }
        var files = PlaceFiles(graph: site.graph)
        for index in report.parts[part - 1] {
            let cluster = report.clusters[index]
            hasher.add(cluster.title)
            hasher.add(optional: cluster.detail)
            hasher.add(cluster.members.count)
            for member in cluster.members {
                add(place: member.location, files: &files, to: &hasher)
                hasher.add(member.text)
                hasher.add(optional: member.note)
                hasher.add(member.matched?.lowerBound ?? -1)
                hasher.add(member.matched?.upperBound ?? -1)
            }
        }
        return hasher.finalize()
    }

    /// Where the pages of a report are (every detail page links to the others) and which this is.
    private func add(parts: [Range<Int>], part: Int, to hasher: inout ContentHasher) {
        hasher.add(part)
        hasher.add(parts.count)
        for range in parts {
            hasher.add(range.lowerBound)
            hasher.add(range.upperBound)
        }
    }

    /// A place as a report shows it: `file:line:column`, linked to the file's page and anchor.
    private func add(place location: SourceLocation, files: inout PlaceFiles, to hasher: inout ContentHasher) {
        hasher.add(location.file)
        hasher.add(location.line)
        hasher.add(location.column)
        if let facts = files.facts(of: location.file) {
            hasher.add(1)
            // The line's own anchor (`L<line>`) is known from the line hashed above: not made.
            if facts.anchors.isLineAnchor(line: location.line) {
                hasher.add(2)
            } else {
                hasher.add(optional: facts.anchors.anchor(line: location.line))
            }
        } else {
            hasher.add(0)
        }
    }
}

/// The files a report page's places are in, each looked up once for a run of places in the same
/// file (a code's findings are sorted by file): the profile of a rebuild of agentic-awesome-skills
/// had 15 ms of the reports' keys in looking the same file up two or three times per finding.
struct PlaceFiles {
    struct Facts {
        var anchors: ReportLinks.AnchorFacts
        /// The name of the file's skill, when it belongs to one.
        var skill: String?
    }

    let graph: SkillGraph
    /// Whether `Facts.skill` is looked up (`nil` otherwise).
    let withSkills: Bool
    private var file: String?
    private var last: Facts?

    init(graph: SkillGraph, withSkills: Bool = true) {
        self.graph = graph
        self.withSkills = withSkills
    }

    /// `nil` when `path` is not a document of the collection.
    mutating func facts(of path: String) -> Facts? {
        if path != file {
            file = path
            // Read in place: a copy of the document (and of its skill) retained every list it
            // holds, most of the 7 ms these lookups took in the plan step of a rebuild.
            last = graph.documentPosition(at: path).map { index in
                let skill = withSkills ? graph.documents[index].skillFolder.flatMap { graph.skillIndex(inFolder: $0) } : nil
                return Facts(anchors: ReportLinks.AnchorFacts(graph.documents[index]), skill: skill.map { graph.skills[$0].name })
            }
        }
        return last
    }
}
