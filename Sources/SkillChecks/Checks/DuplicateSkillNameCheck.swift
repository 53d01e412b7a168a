import SkillParser
import SkillDuplicates
/// Fires on every skill whose `name` another skill of the collection also has
/// (`duplicate-skill-name`), with notes pointing at the others.
struct DuplicateSkillNameCheck: DigestedCheck {
    let codes = [
        CodeInfo("duplicate-skill-name", .error, summary: "two skills have the same `name`",
                 explanation: """
                    Agents and installers find skills by name. When two folders declare the same name, \
                    which one loads depends on the tool, and links and "Related skills" lists cannot say \
                    which one they mean.

                    Give each skill its own name (and folder). Every skill involved is reported, each with \
                    a note pointing at the others.
                    """),
    ]

    func run(_ context: CheckContext) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let names = Set(context.graph.skills.map(\.name)).sorted()
        for name in names {
            let skills = context.graph.skills(named: name)
            guard skills.count > 1 else { continue }
            for skill in skills {
                let others = skills.filter { $0.folder != skill.folder }
                let count = others.count == 1 ? "another skill" : "\(others.count) other skills"
                let notes = others.map { DiagnosticNote("also named `\(name)` here", at: context.nameLocation(of: $0)) }
                result.append(Diagnostic(.error, code: "duplicate-skill-name", "skill name `\(name)` is also used by \(count)",
                                         at: context.nameLocation(of: skill), notes: notes,
                                         suggestion: "give each skill its own name and folder"))
            }
        }
        return result
    }
}

extension DuplicateSkillNameCheck {
    /// Reads the skills' own files only (`skillFilesDigest`).
    func inputs(_ context: CheckContext) -> ContentHash? {
        context.skillFilesDigest("DuplicateSkillNameCheck")
    }
}
