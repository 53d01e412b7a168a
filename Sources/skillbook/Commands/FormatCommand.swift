import Foundation
import SkillParser

/// `skillbook fmt [--check] [DIR]`: normalises frontmatter and line endings without changing
/// any parsed value.
enum FormatCommand: Command {
    static let spec = CommandSpec(
        name: "fmt",
        summary: "Normalise frontmatter (key order, quoting), line endings and final newlines.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "check", help: "Change nothing; list what would change and exit 1 when anything would."),
        ],
        discussion: """
            For every Markdown file of the collection: LF line endings, no byte order mark, a final
            newline; in its frontmatter, `---` fences, quoted values unquoted when plain YAML reads
            the same and double-quoted otherwise, and in a SKILL.md the keys in the specification's
            order (name, description, license, compatibility, metadata, allowed-tools, then the
            others as written). Comments move with the key below them. No parsed value changes:
            each result is parsed again and compared, and a file whose frontmatter has problems
            (see 'skillbook check') is left alone with a note.

            EXIT CODES: 0 done (or nothing to change), 1 with --check when a file would change,
            2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        // Only the files are needed, not their Markdown: fmt reads frontmatter alone.
        let root: String, files: [String]
        do {
            (root, files) = try CollectionLoader.markdownFiles(root: ContentRoot.resolve(arguments.positionals.first))
        } catch {
            console.error("error: \(error)\n")
            return .failure
        }
        let displayPath = ContentRoot.displayPath(forRoot: root)
        let checkOnly = arguments.has("check")
        // Files are independent: format (and write) them on all cores, report in path order.
        let outcomes = Parallel.map(files.count, minimumChunk: 16) { index -> (FileFormatter.Outcome, writeError: String?, note: String?) in
            let file = files[index]
            let url = URL(fileURLWithPath: root).appendingPathComponent(file)
            let (read, problem) = CollectionLoader.readFile(atPath: url.path, file: file)
            guard let data = read else { return (.leftAlone(problem?.message ?? "cannot read this file", line: 1), nil, nil) }
            guard let text = String(validatingUTF8Data: data) else {
                return (.leftAlone("not readable as UTF-8", line: 1), nil, nil)
            }
            let (outcome, note) = FileFormatter(path: file, isSkillFile: file == "SKILL.md" || file.hasSuffix("/SKILL.md")).format(text)
            if !checkOnly, case .changed(let formatted, _) = outcome {
                do { try AtomicFile.replace(url, with: Data(formatted.utf8)) } catch { return (outcome, error.localizedDescription, note) }
            }
            return (outcome, nil, note)
        }
        var changedFiles = 0
        var report = ""
        var notes = ""
        for (file, result) in zip(files, outcomes) {
            if let note = result.note { notes += "\(displayPath(file)):1:1: note: \(note)\n" }
            switch result.0 {
            case .unchanged:
                continue
            case .leftAlone(let reason, let line):
                notes += "\(displayPath(file)):\(line):1: note: left alone: \(reason)\n"
            case .changed(_, let changes):
                if let writeError = result.writeError {
                    notes += "\(displayPath(file)):1:1: error: cannot write: \(writeError)\n"
                    continue
                }
                changedFiles += 1
                report += "\(displayPath(file)): \(checkOnly ? "would change: " : "")\(changes.joined(separator: "; "))\n"
            }
        }
        console.output(report)
        console.error(notes)
        let total = files.count
        if checkOnly {
            console.error("\(changedFiles) of \(total) files would change\n")
            return changedFiles > 0 ? .findings : .success
        }
        console.error("formatted \(changedFiles) of \(total) files\n")
        return .success
    }
}

extension String {
    /// The text of `data` when it is valid UTF-8, else `nil` (never a lossy decoding). A byte
    /// order mark is kept, so that `fmt` sees and removes it.
    init?(validatingUTF8Data data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return nil }
        self = text
    }
}
