import SkillParser
/// Every check `skillbook check` runs, and the catalogue of every code any part of Skillbook
/// can report: loading, the checks, and the site builder. A test runs every fixture and asserts
/// that each code it sees is here.
public enum Checks {
    /// The checks, in no particular order: output is sorted afterwards.
    public static let all: [any Check] = [
        LinkTargetCheck(),
        AnchorCheck(),
        RelatedSkillsCheck(),
        SkillNameTypoCheck(),
        ReferencePathCheck(),
        OrphanReferenceCheck(),
        MissingFrontmatterCheck(),
        SkillNameCheck(),
        DescriptionCheck(),
        PlaceholderDescriptionCheck(),
        PluginManifestCheck(),
        ManifestPathCheck(),
        SkillNotInManifestCheck(),
        ReadmeSkillDriftCheck(),
        CompatibilityCheck(),
        UnknownFieldCheck(),
        FlowStyleCheck(),
        DuplicateSkillNameCheck(),
        DuplicateRuleCheck(),
    ]

    /// Every code: those reported while loading, by the checks and by the site builder, sorted by code.
    public static var codes: [CodeInfo] { catalogue(checks: all) }

    /// The catalogue with the codes of `checks` (all of them unless a caller runs fewer).
    static func catalogue(checks: [any Check]) -> [CodeInfo] {
        (LoadCodes.all + FindingLimit.codes + checks.flatMap(\.codes)).sorted { $0.code < $1.code }
    }

    public static func info(for code: String) -> CodeInfo? {
        codes.first { $0.code == code }
    }
}
