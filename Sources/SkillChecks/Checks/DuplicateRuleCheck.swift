import SkillParser
import SkillDuplicates
/// Fires, when skillbook.yml sets `duplicate_rules: true`, on every statement of a rule that the
/// collection already states elsewhere (`duplicate-rule`), with a note at the first statement.
/// Only clusters that span two or more skills and are not boilerplate count, as for
/// `skillbook dupes --fail-on-duplicates`; clusters come from `DuplicateFinder` with its defaults.
struct DuplicateRuleCheck: Check {
    let codes = [
        CodeInfo("duplicate-rule", .warning, summary: "a rule is also stated in another skill (when `duplicate_rules: true`)",
                 explanation: """
                    The same rule, or a close variant of it, is written in two or more skills. Copies drift: \
                    one gets corrected and the others keep the old advice, and agents that load both skills \
                    read the rule twice.

                    State the rule once, in the skill it belongs to, and link to it from the others. Each \
                    later statement is reported, with a note at the first one. Rules repeated in a large \
                    share of the skills (boilerplate) and repeats within one skill are not reported; \
                    `skillbook dupes` lists every cluster. This check runs only when skillbook.yml sets \
                    `duplicate_rules: true`.
                    """),
    ]

    let readsDuplicates = true

    func run(_ context: CheckContext) -> [Diagnostic] {
        guard context.config.duplicateRules else { return [] }
        var result: [Diagnostic] = []
        let clusters = context.duplicates ?? DuplicateFinder().clusters(in: context.graph)
        for cluster in clusters where cluster.isCrossSkillDuplicate {
            guard let first = cluster.members.first else { continue }
            let place = first.skill.map { "skill `\($0)`" } ?? "`\(first.location.file)`"
            let others = cluster.skillCount - 1
            for member in cluster.members.dropFirst() {
                let how = member.match == .exact && first.match == .exact ? "already stated" : "close to one already stated"
                result.append(Diagnostic(.warning, code: "duplicate-rule", "rule \(how) in \(place)",
                                         at: member.location,
                                         notes: [DiagnosticNote("first stated here", at: first.location)],
                                         suggestion: "state it once and link to it; \(cluster.count) statements in "
                                             + "\(cluster.skillCount) skills (\(others) more than needed), see `skillbook dupes`"))
            }
        }
        return result
    }
}
