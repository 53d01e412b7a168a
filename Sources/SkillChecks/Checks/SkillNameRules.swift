import Foundation
import SkillParser

/// The Agent Skills naming rules and the description placeholder, for commands that write
/// skills (`skillbook new`): the same rules `invalid-name` and `placeholder-description` apply.
public enum SkillNameRules {
    /// What is wrong with `name` (after NFKC normalisation), as lower-case clauses; empty when valid.
    public static func problems(of name: String) -> [String] {
        SkillNameCheck.problems(of: name.compatibilityForm)
    }

    /// The nearest valid name: lower case, other characters turned into single hyphens.
    public static func repaired(_ name: String) -> String {
        SkillNameCheck.repaired(name)
    }

    /// The description `skillbook new` writes, which `check` reports until it is replaced.
    public static var descriptionPlaceholder: String { PlaceholderDescriptionCheck.placeholder }
}
