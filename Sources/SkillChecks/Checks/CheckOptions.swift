import SkillParser
/// How `skillbook check` reads the Agent Skills specification.
public struct CheckOptions: Sendable, Equatable {
    public enum Spec: String, Sendable, CaseIterable {
        /// Fields outside the specification are warnings; frontmatter problems that the loader
        /// recovers from are warnings.
        case `default`
        /// As the reference validator (`agentskills validate`): fields outside the specification
        /// and a `SKILL.md` frontmatter that is not closed are errors.
        case strict
    }

    public var spec: Spec

    public init(spec: Spec = .default) {
        self.spec = spec
    }
}
