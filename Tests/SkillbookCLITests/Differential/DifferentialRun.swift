import Foundation
import TestSupport

/// Builds a collection, then after each edit rebuilds it incrementally (`out`, from the previous
/// site and its build cache) and fully (`full`, `--full` into a fresh folder), and compares the
/// two sites byte for byte along with the builds' exit codes and diagnostics. The build caches
/// (`.out.skillbook-cache`, `.full.skillbook-cache`) sit beside the sites, so they are not compared.
final class DifferentialRun {
    let tree: FixtureTree
    let contentRoot: String
    let theme: String?
    private(set) var files: [String: String]
    private(set) var applied: [CollectionEdit] = []
    /// How many rebuilds reused files of the previous site: a run where none did tested nothing.
    private(set) var reusingRebuilds = 0

    /// Writes `files` (paths relative to a fresh temporary folder).
    init(files: [String: String], contentRoot: String, theme: String?) throws {
        tree = try FixtureTree(files)
        self.files = files
        self.contentRoot = contentRoot
        self.theme = theme
    }

    /// The first build, compared with a full one.
    func start() throws -> String? { try compare() }

    /// Applies `edit` on disk, rebuilds both ways and returns what differs, or `nil`.
    func step(_ edit: CollectionEdit) throws -> String? {
        try apply(edit)
        return try compare()
    }

    /// A run on a copy of the skill folders `skills` (a real corpus): its Markdown files and
    /// skillbook.yml are what the edits change; its other files are copied and left alone.
    convenience init(copying skills: [URL], contentRoot: String) throws {
        try self.init(files: [:], contentRoot: contentRoot, theme: nil)
        var texts: [String: String] = [:]
        for skill in skills {
            let target = tree.path + "/" + contentRoot + "/" + skill.lastPathComponent
            try FileManager.default.createDirectory(atPath: tree.path + "/" + contentRoot, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: skill.path, toPath: target)
            for path in SiteDifference.files(under: target) where path.hasSuffix(".md") || path.hasSuffix(".svg") {
                let key = contentRoot + "/" + skill.lastPathComponent + "/" + path
                if let data = FileManager.default.contents(atPath: tree.path + "/" + key), data.count < 1 << 20,
                   let text = String(data: data, encoding: .utf8) {
                    texts[key] = text
                }
            }
        }
        files = texts
    }

    /// Applies `edit` on disk and rebuilds incrementally, without the full build.
    func apply(_ edit: CollectionEdit, rebuilding: Bool = false) throws {
        var changed = files
        edit.apply(to: &changed)
        for path in Set(files.keys).union(changed.keys).sorted() where files[path] != changed[path] {
            if let text = changed[path] {
                try tree.write(path, text)
            } else {
                try FileManager.default.removeItem(atPath: tree.path + "/" + path)
                removeEmptyFolders(above: path)
            }
        }
        files = changed
        applied.append(edit)
        if rebuilding { _ = try build(into: "out", full: false) }
    }

    /// Rebuilds `out` incrementally and `full` from nothing; describes the first difference.
    func compare() throws -> String? {
        let incremental = try build(into: "out", full: false)
        if incremental.stdout.contains("unchanged file"), !incremental.stdout.contains("reused 0 ") { reusingRebuilds += 1 }
        try? FileManager.default.removeItem(atPath: tree.path + "/full")
        let full = try build(into: "full", full: true)
        if incremental.exitCode != full.exitCode {
            return "exit code \(incremental.exitCode) after the rebuild, \(full.exitCode) after a full build\n\(incremental.stderr)"
        }
        if incremental.stderr != full.stderr.replacingOccurrences(of: "/full/", with: "/out/") {
            return "diagnostics differ: rebuild\n\(incremental.stderr)\nfull build\n\(full.stderr)"
        }
        return try SiteDifference.first(between: tree.path + "/out", and: tree.path + "/full")
    }

    private func build(into folder: String, full: Bool) throws -> ProcessResult {
        var arguments = ["build", tree.path + "/" + contentRoot, "-o", tree.path + "/" + folder]
        if let theme { arguments += ["--theme", tree.path + "/" + theme] }
        if full { arguments.append("--full") }
        return try runSkillbook(arguments)
    }

    private func removeEmptyFolders(above path: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != contentRoot, folder != theme,
              (try? FileManager.default.contentsOfDirectory(atPath: tree.path + "/" + folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: tree.path + "/" + folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The edits so far, as Swift to paste into a regression case.
    var sequence: String {
        "[\n" + applied.map { "    " + $0.description + "," }.joined(separator: "\n") + "\n]"
    }
}
