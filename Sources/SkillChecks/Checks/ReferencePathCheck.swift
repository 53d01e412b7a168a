import SkillParser
import SkillDuplicates
/// Fires on a code span that is a path to a Markdown file of the skill (`references/x.md`,
/// `./notes.md`, `../SKILL.md`, `SKILL.md`) when no such file exists, looked up from the
/// document's folder and from its skill's root (`missing-reference`).
///
/// Only paths that plainly belong to the skill are checked: those starting with `./` or
/// `../` (and staying inside the root), a bare `SKILL.md` in a skill's document, and those
/// whose first folder is a skill folder by convention (`references/`, `scripts/`, `assets/`)
/// or exists beside the document or at the skill's root. Anything else (`.claude/context.md`, `docs/ARCHITECTURE.md`,
/// `~/notes.md`, `<name>/SKILL.md`) is read as a path in the user's project and left alone, and
/// so are placeholder names in examples (`references/foo.md`).
struct ReferencePathCheck: FileWorldCheck {
    static let conventionalFolders: Set<String> = ["references", "scripts", "assets"]
    /// File names that stand for "some file" in examples (`references/foo.md`).
    static let placeholderNames: Set<String> = ["foo", "bar", "baz", "example", "xxx", "file", "filename", "name"]

    let codes = [
        CodeInfo("missing-reference", .error, summary: "a path written in a code span names a file the skill does not have",
                 explanation: """
                    Skills often tell the agent which file to read next in backticks: "read \
                    `references/patterns.md` before answering". When that file does not exist, the agent \
                    fails to load it, usually without telling anyone.

                    The path is looked up from the document's folder and from the skill's root. Fix it as \
                    suggested or add the file. Paths that are plainly in the user's project rather than in \
                    the skill (`.claude/context.md`, `docs/ARCHITECTURE.md`, anything whose first folder \
                    is not beside the document, not at the skill's root and not `references/`, `scripts/` \
                    or `assets/`) are not checked.
                    """),
    ]

    func run(_ context: CheckContext, documents: [Document]) -> [[Diagnostic]] {
        documents.map { document in
            var result: [Diagnostic] = []
            for span in document.markdown.codeSpans {
                let code = span.code.trimmingWhitespace
                guard CodePath.looksLikePath(code), belongsToSkill(code, document: document, context: context) else { continue }
                let candidates = CodePath.candidates(code, in: document)
                if candidates.contains(where: { context.files.lookup($0) == .exists }) { continue }
                result.append(diagnostic(code, candidates: candidates, at: span.location, document: document, context: context))
            }
            return result
        }
    }

    private func belongsToSkill(_ code: String, document: Document, context: CheckContext) -> Bool {
        // By byte: a search of a string of the characters for each character of each span was a
        // third of this check (perf, agentic-awesome-skills).
        if code.utf8.contains(where: Self.isNotInAPath) || code.hasPrefix("/") { return false }
        // A bare `SKILL.md` is the skill's own file; outside every skill it means SKILL.md files in general.
        if code == "SKILL.md" { return document.skillFolder != nil }
        let stem = code.split(separator: "/").last.map { String($0.dropLast(3)) } ?? ""
        if Self.placeholderNames.contains(stem.lowercased()) { return false }
        if code.hasPrefix("./") || code.hasPrefix("../") {
            return RelativePath.resolve(code, from: RelativePath.folder(of: document.path)) != nil
        }
        guard let first = code.split(separator: "/").first.map(String.init) else { return false }
        if Self.conventionalFolders.contains(first) { return true }
        var folders = [RelativePath.folder(of: document.path)]
        if let skillFolder = document.skillFolder { folders.append(skillFolder) }
        return folders.contains { context.files.contains(first, in: $0) }
    }

    /// A byte of templates, globs and shell that a path in the skill does not hold: `<>{}[]*$~|%\`.
    private static func isNotInAPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "*"), UInt8(ascii: "$"), UInt8(ascii: "~"), UInt8(ascii: "|"), UInt8(ascii: "%"), UInt8(ascii: "\\"):
            return true
        default:
            return false
        }
    }

    private func diagnostic(_ code: String, candidates: [String], at location: SourceLocation, document: Document,
                            context: CheckContext) -> Diagnostic {
        let name = code.split(separator: "/").last.map(String.init) ?? code
        let scope = document.skillFolder.map { $0.isEmpty ? "" : $0 + "/" }
        let documents = context.graph.documents(under: scope ?? "").map(\.path)
        let files = documents.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let nearNames = Set(NearestNames.suggest(name, among: files, count: 3) + [name])
        let suggestions = documents.filter { path in nearNames.contains(path.split(separator: "/").last.map(String.init) ?? path) }
            .filter { !candidates.contains($0) }
            .prefix(3)
            .map { path in Self.written(path, document: document) }
        // Where it was looked for, written from this file as a link would be.
        let looked = candidates.map { "`\(context.linkText(to: $0, from: document))`" }.joined(separator: " and ")
        return Diagnostic(.error, code: "missing-reference", "`\(code)` does not exist", at: location,
                          notes: [DiagnosticNote("looked for \(looked), relative to this file")],
                          suggestion: suggestions.isEmpty ? nil : "did you mean \(NearestNames.list(suggestions))?")
    }

    /// A path as the document would write it: from its skill's root when it is inside the skill.
    static func written(_ path: String, document: Document) -> String {
        if let skillFolder = document.skillFolder {
            if skillFolder.isEmpty { return path }
            if path.hasPrefix(skillFolder + "/") { return String(path.dropFirst(skillFolder.count + 1)) }
        }
        return RelativePath.relative(path, from: RelativePath.folder(of: document.path))
    }
}
