import SkillChecks
import SkillParser

/// The files `skillbook new` writes: a SKILL.md that meets the Agent Skills rules (so the
/// reference validator accepts it) with a description placeholder that `check` reports until it
/// is written, and a `references/` folder.
struct SkillTemplate {
    var name: String
    var license: String

    /// `pdf-tools` → `Pdf Tools`, the page's first heading.
    var title: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    var skillFile: String {
        """
        ---
        name: \(name)
        description: "\(SkillNameRules.descriptionPlaceholder)"
        license: \(YAMLScalar.text(license))
        metadata:
          version: "0.1.0"
        ---

        # \(title)

        Say in a paragraph what this skill helps an agent do, and when it applies.

        ## Instructions

        1. Write the steps or rules the agent should follow, most important first.
        2. Keep this file short; put detail in `references/` and link it from here, for example
           `[Details](references/details.md)`.

        ## Related skills

        <!-- One item per skill, for example: - `other-skill`: when to use it instead. -->

        """
    }

    /// Files relative to the skill's folder. `references/.gitkeep` keeps the empty folder in Git.
    var files: [(path: String, contents: String)] {
        [("SKILL.md", skillFile), ("references/.gitkeep", "")]
    }
}
