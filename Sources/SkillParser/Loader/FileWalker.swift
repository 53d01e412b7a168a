import Foundation

/// Lists the Markdown files under a content root, sorted, without leaving it.
///
/// Hidden folders are where agents keep project skills (`.claude/skills`, `.agents/skills`,
/// `.github/skills`, `.codex/skills`, ...), so the `skills/` folder inside any hidden folder is
/// walked; the rest of a hidden folder is not (`.github/ISSUE_TEMPLATE` is no skill). Any other
/// hidden folder that holds a SKILL.md is skipped and remembered, so the summary can say so.
/// `include` globs walk a hidden folder all the same; `exclude` globs skip any path.
struct FileWalker {
    /// Folder names never descended into.
    static let skippedFolders: Set<String> = [".build", "node_modules", ".git"]
    /// How far into a skipped hidden folder the walker looks for a SKILL.md to mention.
    static let hiddenScanDepth = 4
    static let hiddenScanEntries = 2_000

    let root: URL
    let include: [Glob]
    let exclude: [Glob]
    private(set) var diagnostics: [Diagnostic] = []
    /// Folders of skills inside hidden folders that were not walked, sorted.
    private(set) var skippedHiddenSkills: [String] = []
    /// The names in every folder walked (root-relative, "" for the root), sorted: the graph's
    /// `FileIndex` answers from them instead of listing the folders again.
    private(set) var listings: [String: [String]] = [:]

    init(root: URL, include: [String] = [], exclude: [String] = []) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.include = include.map(Glob.init)
        self.exclude = exclude.map(Glob.init)
    }

    /// Root-relative paths of every `.md` file, sorted.
    mutating func markdownFiles() -> [String] {
        var result: [String] = []
        walk(folder: "", into: &result)
        skippedHiddenSkills.sort()
        return result.sorted()
    }

    /// Whether `folder` is the root of a site `skillbook build` wrote: its marker holds exactly
    /// what the build writes, beside a home page, and the folder is not itself a skill. A
    /// stray or empty marker (say, in a pull request) must not hide skills from the checks.
    static func isBuiltSite(_ folder: URL) -> Bool {
        let manager = FileManager.default
        let marker = folder.appendingPathComponent(CollectionLoader.siteMarkerFile).path
        guard manager.fileExists(atPath: folder.appendingPathComponent("index.html").path),
              !manager.fileExists(atPath: folder.appendingPathComponent("SKILL.md").path),
              case .success(let data) = SourceFileReader.read(marker)
        else { return false }
        return data == Data(CollectionLoader.siteMarkerText.utf8)
    }

    private mutating func walk(folder: String, into result: inout [String]) {
        walk(folder: folder, listed: DirectoryEntries.list(absolute(folder)), ahead: nil, into: &result)
    }

    /// A folder's listing made ahead of the walk, with those of the folders below it that the
    /// walk enters without asking the disk anything more (`entersUnasked`); `below` is `nil`
    /// where the listing holds an `index.html` (a site the walk may skip: not listed ahead).
    private struct Ahead: Sendable {
        var entries: [(name: String, kind: DirectoryEntries.Kind)]?
        var below: [String: Ahead]?
    }

    /// Folders with at least this many folders to enter have them listed on all cores, each with
    /// everything below it, before the walk goes on in order: one listing after another, the
    /// kernel's directory reads were most of the 10,000 synthetic skills' walk (0.2 s of the
    /// main thread before anything else could start).
    static let listAheadFrom = 8

    /// Whether the walk enters the folder `name` at `path` on its listing alone.
    private func entersUnasked(_ name: String, path: String) -> Bool {
        !Self.skippedFolders.contains(name) && !exclude.contains(where: { $0.matches(path) })
            && (!name.hasPrefix(".") || include.contains(where: { $0.matches(path) }))
    }

    /// `folder`'s listing and, unless it may be a site, those of the folders below it.
    private func listAhead(_ folder: String) -> Ahead {
        let entries = DirectoryEntries.list(absolute(folder))
        guard let entries, !entries.contains(where: { $0.name == "index.html" }) else { return Ahead(entries: entries, below: nil) }
        var below: [String: Ahead] = [:]
        for (name, kind) in entries where kind == .folder {
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            if entersUnasked(name, path: path) { below[name] = listAhead(path) }
        }
        return Ahead(entries: entries, below: below)
    }

    /// The absolute path of a root-relative folder (a `URL` per folder cost more than its listing).
    private func absolute(_ folder: String) -> String {
        folder.isEmpty ? root.path : root.path + "/" + folder
    }

    /// `listed` is the folder's listing, `nil` when it could not be read.
    private mutating func walk(folder: String, listed: [(name: String, kind: DirectoryEntries.Kind)]?,
                               ahead: [String: Ahead]?, into result: inout [String]) {
        let manager = FileManager.default
        if let listed { listings[folder] = listed.map(\.name) }
        var ahead = ahead
        if ahead == nil, let listed {
            let entered = listed.compactMap { name, kind -> (name: String, path: String)? in
                let path = folder.isEmpty ? name : "\(folder)/\(name)"
                return kind == .folder && entersUnasked(name, path: path) ? (name, path) : nil
            }
            if entered.count >= Self.listAheadFrom {
                let walker = self
                let made = Parallel.mapWaiting(entered.count, minimumChunk: 8) { walker.listAhead(entered[$0].path) }
                ahead = Dictionary(zip(entered.map(\.name), made), uniquingKeysWith: { first, _ in first })
            }
        }
        guard let entries = listed else {
            // Foundation says why, in the words this diagnostic has always used.
            let message: String
            do {
                _ = try manager.contentsOfDirectory(atPath: absolute(folder))
                message = "it could not be read"
            } catch {
                message = error.localizedDescription
            }
            diagnostics.append(Diagnostic(.warning, code: "unreadable-file", "cannot list this folder: \(message)",
                                          at: SourceLocation(file: folder.isEmpty ? "." : folder, line: 1)))
            return
        }
        for (name, kind) in entries where !Self.skippedFolders.contains(name) {
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            if exclude.contains(where: { $0.matches(path) }) { continue }
            let hidden = name.hasPrefix(".")
            switch kind {
            case .symbolicLink:
                // A link is followed only to a file that stays inside the root; linked folders are
                // skipped, which also rules out cycles.
                let target = root.appendingPathComponent(path).resolvingSymlinksInPath()
                let inside = target.path.hasPrefix(root.path + "/")
                var isFolder: ObjCBool = false
                if !hidden, inside, manager.fileExists(atPath: target.path, isDirectory: &isFolder), !isFolder.boolValue,
                   name.hasSuffix(".md") {
                    result.append(path)
                }
            case .folder:
                // A site built by `skillbook build` inside the collection holds copies of its Markdown.
                // A folder is listed first (it is walked with that listing): one without an
                // `index.html` is no site, and is known so without asking the disk for three files.
                let walked = !hidden || include.contains(where: { $0.matches(path) })
                let listedAhead = walked ? ahead?[name] : nil
                let listing = walked ? (listedAhead.map(\.entries) ?? DirectoryEntries.list(absolute(path))) : nil
                let mayBeSite = listing.map { entries in entries.contains { $0.name == "index.html" } } ?? true
                if mayBeSite, Self.isBuiltSite(root.appendingPathComponent(path)) {
                    diagnostics.append(Diagnostic(.note, code: "site-folder-skipped",
                                                  "skipped \(path): a site built by skillbook build",
                                                  at: SourceLocation(file: path, line: 1)))
                    continue
                }
                if walked {
                    walk(folder: path, listed: listing, ahead: listedAhead?.below, into: &result)
                    continue
                }
                walkHidden(folder: path, into: &result)
            case .file, .other:
                if !hidden, name.hasSuffix(".md") { result.append(path) }
            }
        }
    }

    /// A hidden folder: its `skills/` folder is walked; SKILL.md files elsewhere in it are remembered.
    private mutating func walkHidden(folder: String, into result: inout [String]) {
        let skills = folder + "/skills"
        var isFolder: ObjCBool = false
        let hasSkills = FileManager.default.fileExists(atPath: root.appendingPathComponent(skills).path, isDirectory: &isFolder)
            && isFolder.boolValue && !exclude.contains(where: { $0.matches(skills) })
        if hasSkills { walk(folder: skills, into: &result) }
        var budget = Self.hiddenScanEntries
        scanForSkills(in: folder, depth: 0, skipping: hasSkills ? skills : nil, budget: &budget)
    }

    /// Records folders holding a SKILL.md under a hidden folder that is not walked, looking only
    /// a few levels down and at a bounded number of entries (a hidden folder may be a cache).
    private mutating func scanForSkills(in folder: String, depth: Int, skipping: String?, budget: inout Int) {
        guard depth <= Self.hiddenScanDepth, budget > 0,
              let names = try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted()
        else { return }
        budget -= names.count
        if names.contains("SKILL.md") { skippedHiddenSkills.append(folder) }
        for name in names where !Self.skippedFolders.contains(name) {
            let path = "\(folder)/\(name)"
            guard path != skipping else { continue }
            let values = try? root.appendingPathComponent(path).resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            guard values?.isDirectory == true, values?.isSymbolicLink != true else { continue }
            scanForSkills(in: path, depth: depth + 1, skipping: skipping, budget: &budget)
        }
    }
}
