import SkillParser
/// The plain-text report of `skillbook dupes`: the clusters to fix, largest first, each with
/// its representative and one `path:line:column` line per statement (a rule restated inside a
/// longer one also shows the longer one's matching part); then the boilerplate,
/// one entry per block with its count instead of a line per copy; then a summary.
public struct DuplicateReportText: Sendable {
    /// Turns a root-relative path into the path shown.
    public var displayPath: @Sendable (String) -> String
    /// Longest representative or member text shown before it is cut with `…`.
    public var maximumTextLength = 200

    public init(displayPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.displayPath = displayPath
    }

    public func format(_ clusters: [DuplicateCluster]) -> String {
        var lines: [String] = []
        let duplicates = clusters.filter { !$0.boilerplate }
        for (index, cluster) in duplicates.enumerated() {
            let where_ = cluster.skillCount >= 2 ? "in \(cluster.skillCount) skills" : cluster.skillCount == 1 ? "in one skill" : "outside skills"
            lines.append("[\(index + 1)] \(cluster.count) statements \(where_): \(quoted(cluster.representative))")
            for member in cluster.members {
                var line = "    \(displayPath(member.location.file)):\(member.location.line):\(member.location.column)"
                line += "  \(member.match.label)"
                if !member.match.isExact { line += " \(Self.percent(member.similarity))" }
                line += "  " + context(member)
                lines.append(line)
                if !member.match.isExact { lines.append("        \(quoted(member.text))") }
                if let span = member.span {
                    let owner = span.inRepresentative ? "matching part of the representative" : "matching part"
                    lines.append("        \(owner): \(quoted(span.text))")
                }
            }
            lines.append("")
        }
        let blocks = Dictionary(grouping: clusters.filter(\.boilerplate), by: { $0.block ?? 0 }).sorted { $0.key < $1.key }
        for (number, members) in blocks {
            let skills = members.map(\.skillCount).max() ?? 0
            let heading = Boilerplate.dominantHeading(members[0]).map { " under \(quoted($0))" } ?? ""
            let rules = members.count == 1 ? "1 rule" : "\(members.count) rules"
            lines.append("boilerplate block \(number)\(heading): \(rules) repeated in \(skills) skills")
            for cluster in members {
                let first = cluster.representativeLocation
                lines.append("    \(quoted(cluster.representative))")
                lines.append("        \(cluster.count) statements in \(cluster.skillCount) skills, first at "
                             + "\(displayPath(first.file)):\(first.line):\(first.column)")
            }
            lines.append("")
        }
        lines.append(summary(clusters))
        // Paths, headings and rule texts come from the collection: a newline there would forge a
        // line of a CI log, an escape sequence would repaint the terminal.
        return lines.map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
    }

    public func summary(_ clusters: [DuplicateCluster]) -> String {
        let duplicates = clusters.filter { !$0.boilerplate }
        let across = duplicates.filter { $0.skillCount >= 2 }.count
        let blocks = Set(clusters.compactMap(\.block)).count
        let boilerplateRules = clusters.filter(\.boilerplate).count
        return "\(Self.plural(duplicates.count, "duplicate cluster")) (\(across) across skills), "
            + "\(Self.plural(blocks, "boilerplate block")) (\(Self.plural(boilerplateRules, "rule")))"
    }

    private func context(_ member: DuplicateMember) -> String {
        let skill = member.skill.map { "[\($0)]" } ?? "[no skill]"
        return member.headingPath.isEmpty ? skill : skill + " " + member.headingPath.joined(separator: " › ")
    }

    private func quoted(_ text: String) -> String {
        let cut = text.count > maximumTextLength ? String(text.prefix(maximumTextLength)) + "…" : text
        return "\"" + cut + "\""
    }

    static func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded()))%"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension DuplicateMatch {
    /// The word the text report shows.
    var label: String {
        switch self {
        case .exact: "exact"
        case .near: "near"
        case .contained: "contained"
        case .sharedSentence: "shared-sentence"
        case .linked: "linked"
        }
    }
}
