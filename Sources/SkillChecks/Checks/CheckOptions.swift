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
    /// At most this many findings of one code are reported in one file, then one
    /// `finding-limit` note says how many more there were; `nil` reports them all.
    public var findingLimit: Int?

    /// As compilers stop after so many errors: one broken pattern repeated through a generated
    /// file (694,000 empty images in 4 MiB) would otherwise fill the report, and the memory
    /// that holds it, with the same line. No real collection we know comes near it in a file
    /// (the most is 1,957 `readme-skill-drift` in one README of 2,000 skills).
    public static let defaultFindingLimit = 2_000

    public init(spec: Spec = .default, findingLimit: Int? = CheckOptions.defaultFindingLimit) {
        self.spec = spec
        self.findingLimit = findingLimit
    }
}
