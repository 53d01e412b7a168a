import SkillParser
import SkillDuplicates
/// Counts of what a check found, and the exit decision that follows from them.
public struct CheckSummary: Sendable, Equatable, Codable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Markdown files checked.
    public var files: Int
    public var skills: Int
    /// Folders with a SKILL.md in hidden folders that were not loaded; said in the summary
    /// line, not in the JSON summary, whose values are all counts.
    public var skippedHiddenSkills: [String] = []

    private enum CodingKeys: String, CodingKey {
        case errors, warnings, notes, files, skills
    }

    public init(_ diagnostics: [Diagnostic], graph: SkillGraph) {
        errors = diagnostics.count { $0.severity == .error }
        warnings = diagnostics.count { $0.severity == .warning }
        notes = diagnostics.count { $0.severity == .note }
        files = graph.documents.count
        skills = graph.skills.count
        skippedHiddenSkills = graph.skippedHiddenSkills
    }

    /// Errors fail a check; under `--strict`, warnings do too.
    public func fails(strict: Bool) -> Bool {
        errors > 0 || (strict && warnings > 0)
    }

    /// `checked 170 files in 14 skills: 2 errors, 1 warning`
    public var line: String {
        let checked = "checked \(Self.count(files, "file")) in \(Self.count(skills, "skill"))"
        var found: [String] = []
        if errors > 0 { found.append(Self.count(errors, "error")) }
        if warnings > 0 { found.append(Self.count(warnings, "warning")) }
        if notes > 0 { found.append(Self.count(notes, "note")) }
        return checked + ": " + (found.isEmpty ? "no problems found" : found.joined(separator: ", ")) + skippedNote
    }

    /// `; skipped 2 skills in hidden folders (.cache/a, .old/b); add them to include: in skillbook.yml to check them`
    private var skippedNote: String {
        guard !skippedHiddenSkills.isEmpty else { return "" }
        let shown = skippedHiddenSkills.prefix(3).joined(separator: ", ") + (skippedHiddenSkills.count > 3 ? ", ..." : "")
        return "; skipped \(Self.count(skippedHiddenSkills.count, "skill")) in hidden folders (\(shown)); "
            + "list them under include: in skillbook.yml to check them"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
