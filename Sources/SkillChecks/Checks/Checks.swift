import SkillParser
/// Every check `skillbook check` runs, and the catalogue of every code it can report.
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
        DuplicateSkillNameCheck(),
        DuplicateRuleCheck(),
    ]

    /// Every code: those of the checks and those reported while loading, sorted by code.
    public static var codes: [CodeInfo] {
        (LoadCodes.all + all.flatMap(\.codes)).sorted { $0.code < $1.code }
    }

    public static func info(for code: String) -> CodeInfo? {
        codes.first { $0.code == code }
    }
}
