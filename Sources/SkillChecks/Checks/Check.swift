import SkillParser
import SkillDuplicates
/// One check of `skillbook check`: reads the graph and returns what it finds.
///
/// A check owns its codes. Adding a check means writing one type and listing it in
/// `Checks.all`; no other check changes.
public protocol Check: Sendable {
    /// The codes this check reports, with what each means.
    var codes: [CodeInfo] { get }
    func run(_ context: CheckContext) -> [Diagnostic]
    /// Whether the check reads the duplicate clusters (`CheckContext.duplicates`): `build` runs
    /// the others while the dedupe step finds them (`CheckRunner.prepare`).
    var readsDuplicates: Bool { get }
}

extension Check {
    public var readsDuplicates: Bool { false }
}

/// A stable diagnostic code and the text `skillbook explain CODE` prints for it.
public struct CodeInfo: Hashable, Sendable {
    public var code: String
    /// Severity before configuration; `--spec strict` and `skillbook.yml` may change it.
    public var severity: Severity
    /// One lower-case line: what triggers it.
    public var summary: String
    /// Why it matters and how to fix it, in a few short paragraphs.
    public var explanation: String

    public init(_ code: String, _ severity: Severity, summary: String, explanation: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
    }
}
