import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The folder a site is written to, replaced as a whole or updated file by file, never left
/// half-written: files are written into a temporary folder beside it first. A failed or
/// interrupted build leaves the previous site. Besides the output folder, a build writes only
/// hidden siblings of it: the staging folder, the previous site's backup during a swap, the
/// journal of an update, the lock file and the build cache.
///
/// A build without a usable previous site stages the whole site and swaps it in (`commit`): the
/// old site is renamed to a backup, the new site into place, then the backup removed. If the
/// process dies between the two renames, the next build finds the backup with no site beside it
/// and puts it back before anything else, so the old and new site are never both lost. A rebuild
/// stages only the files it made and moves them into the previous site (`update`), following a
/// `SiteJournal` that the next build finishes if this one dies during it.
struct OutputFolder {
    /// The marker file that says a folder is a Skillbook site (and may be replaced).
    static let markerName = CollectionLoader.siteMarkerFile
    static let markerText = CollectionLoader.siteMarkerText

    enum Problem: Error, CustomStringConvertible {
        case notEmpty(String)
        case notAFolder(String)
        case containsContent(output: String, root: String)
        case cannotCreate(String, String)
        case cannotSwap(String, String)
        case cannotUpdate(String, String)

        var description: String {
            switch self {
            case .notEmpty(let path):
                "\(path) is not empty and was not made by skillbook build; choose another folder with -o, or pass --force to replace it"
            case .notAFolder(let path):
                "\(path) exists and is not a folder"
            case .containsContent(let output, let root):
                "the output folder \(output) would replace the collection at \(root); choose another folder with -o"
            case .cannotCreate(let path, let reason):
                "cannot create \(path): \(reason)"
            case .cannotSwap(let path, let reason):
                "cannot move the new site into \(path): \(reason); the previous site is unchanged"
            case .cannotUpdate(let path, let reason):
                "cannot finish updating \(path): \(reason); fix that and build again: the next build finishes the update first (its plan is in \(SiteJournal.location(for: URL(fileURLWithPath: path)).lastPathComponent))"
            }
        }
    }

    /// The final folder, absolute.
    let url: URL
    /// The temporary sibling pages are written to.
    let staging: URL
    /// `staging.path`, to which site paths are joined as strings: `URL.appendingPathComponent`
    /// calls `stat` on the result to learn whether it is a folder, twice a file in a build.
    let stagingPath: String
    /// Folders already made in the staging folder (render, index and copy share most of theirs).
    private let madeFolders = MadeFolders()
    /// The previous site's files, when the build updates it in place (`IncrementalOutput` says so).
    let previousFiles = PreviousSiteFiles()
    /// Held from here until the new site is in place or discarded.
    private let lock: BuildLock

    /// The final folder of the output path `path`, absolute (`url`), known before the folder
    /// is checked and locked: the search index reads its build cache by it while the site is
    /// prepared (`SitePreparation`).
    static func location(of path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL
    }

    /// Checks that `path` may be (re)placed, and creates the empty staging folder beside it.
    init(path: String, contentRoot: String, force: Bool) throws {
        let fileManager = FileManager.default
        url = Self.location(of: path)
        let root = URL(fileURLWithPath: contentRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = url.resolvingSymlinksInPath().path
        // Never replace the collection itself or a folder that holds it, whatever --force says.
        if resolved == root || root.hasPrefix(resolved == "/" ? "/" : resolved + "/") || resolved == "/" {
            throw Problem.containsContent(output: path, root: contentRoot)
        }
        let parent = url.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Problem.cannotCreate(parent.path, error.localizedDescription)
        }
        lock = try BuildLock(for: url)
        do {
            try SiteJournal.recover(url)
        } catch {
            lock.release()
            throw Problem.cannotUpdate(url.path, "\(error)")
        }
        Self.recoverBackup(of: url)
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Problem.notAFolder(path) }
            let contents = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
            let isOurs = fileManager.fileExists(atPath: url.appendingPathComponent(Self.markerName).path)
            if !contents.isEmpty, !isOurs, !force {
                lock.release()
                throw Problem.notEmpty(path)
            }
        }
        staging = parent.appendingPathComponent(".\(url.lastPathComponent).skillbook-tmp-\(getpid())")
        stagingPath = staging.path
        do {
            Self.removeStale(beside: url)
            if fileManager.fileExists(atPath: staging.path) { try fileManager.removeItem(at: staging) }
            // Armed before the folder exists, so that no interrupt can leave it behind.
            InterruptCleanup.shared.arm(staging: staging, lockFile: BuildLock.path(for: url))
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
            FolderPlacement.spreadSubfolders(of: stagingPath)
            try Data(Self.markerText.utf8).write(to: staging.appendingPathComponent(Self.markerName))
        } catch {
            InterruptCleanup.shared.disarm()
            try? fileManager.removeItem(at: staging)
            lock.release()
            throw Problem.cannotCreate(staging.path, error.localizedDescription)
        }
    }

    /// Writes `data` at the site-relative `path` inside the staging folder, unless the previous
    /// site being updated in place holds these bytes there (`previousFiles`); returns whether it
    /// wrote. Call it only inside `IncrementalOutput.emit`'s `write`, which keeps track of both.
    @discardableResult
    func write(_ data: Data, to path: String) throws -> Bool {
        try data.withUnsafeBytes { try write($0, to: path) }
    }

    /// Writes `text` as UTF-8 at the site-relative `path`, without copying it into a `Data` first; see `write`.
    @discardableResult
    func write(_ text: String, to path: String) throws -> Bool {
        var text = text
        return try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws -> Bool {
        if InterruptCleanup.shared.isStopping { throw CocoaError(.userCancelled) }
        if previousFiles.holds(path, bytes) { return false }
        try inStagedFolder(path) { try FileWriter.write(bytes, to: $0) }
        return true
    }

    /// Writes `bytes` at the site-relative `path` (a page as its template rendered it); see `write`.
    @discardableResult
    func write(_ bytes: [UInt8], to path: String) throws -> Bool {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }

    /// Copies the file at `source` (outside the site) to the site-relative `path`; see `write`.
    @discardableResult
    func copy(_ source: String, to path: String) throws -> Bool {
        if InterruptCleanup.shared.isStopping { throw CocoaError(.userCancelled) }
        if previousFiles.holds(path, sameAsFile: source) { return false }
        try inStagedFolder(path) { _ = try FileWriter.copy(from: source, to: $0) }
        return true
    }

    /// Runs `write` with the staged path of `path`; when its folder is missing (an update in
    /// place makes no folders before it knows which files differ), makes it and runs `write` again.
    private func inStagedFolder(_ path: String, _ write: (String) throws -> Void) throws {
        let staged = stagedPath(path)
        do {
            try write(staged)
        } catch let failure as FileWriter.Failure where failure.code == ENOENT {
            guard let slash = path.lastIndex(of: "/") else { throw failure }
            let folder = stagedPath(String(path[..<slash]))
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Problem.cannotCreate(folder, error.localizedDescription)
            }
            try write(staged)
        }
    }

    /// The absolute path of the site-relative `path` in the staging folder.
    func stagedPath(_ path: String) -> String {
        stagingPath + "/" + path
    }

    /// Creates the folders the site needs (before parallel writes, which then never race on them),
    /// parents first, each depth on all cores. A `mkdir` is mostly kernel time, and more of it
    /// where the file system skips the inodes a removed site just freed (ext4 without a journal,
    /// as on the development machine): one by one through `FileManager`, the hundred folders of
    /// Content/'s site took a sixth of the build's single-threaded time.
    func createFolders(for paths: [String]) throws {
        var folders = Self.folders(holding: paths)
        // Made by an earlier call: skipped. A folder another thread is making at this moment is
        // made again here, which `EEXIST` answers, so no file is ever written before its folder.
        folders = madeFolders.notMade(folders)
        let depths = Dictionary(grouping: folders) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
        for depth in depths.keys.sorted() {
            if InterruptCleanup.shared.isStopping { throw CocoaError(.userCancelled) }
            let failures = Parallel.map(depths[depth, default: []].sorted()) { folder -> Problem? in
                let path = stagedPath(folder)
                if mkdir(path, 0o777) == 0 { return nil }
                let code = errno
                var isFolder: ObjCBool = false
                if code == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    return nil
                }
                return Problem.cannotCreate(path, String(cString: strerror(code)))
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
            madeFolders.add(depths[depth, default: []])
        }
    }

    /// Every folder that holds one of the site-relative `paths`, at any depth ("a/b/c.html" is
    /// held by "a/b" and "a"); each path's walk up stops at a folder already found.
    static func folders<Paths: Sequence<String>>(holding paths: Paths) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            // Looked for as a byte: a `Character` search checks grapheme breaks at every step.
            var end = path.utf8.endIndex
            while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                end = slash
                guard folders.insert(String(path[..<slash])).inserted else { break }
            }
        }
        return folders
    }

    /// The folders `createFolders` made, shared by the copies of this value on all threads.
    private final class MadeFolders: @unchecked Sendable {
        private let lock = NSLock()
        private var made: Set<String> = []

        func notMade(_ folders: Set<String>) -> Set<String> {
            lock.withLock { folders.subtracting(made) }
        }

        func add(_ folders: [String]) {
            lock.withLock { made.formUnion(folders) }
        }
    }

    /// Puts the staged site in place of the output folder.
    func commit() throws {
        let fileManager = FileManager.default
        let old = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).skillbook-old-\(getpid())")
        defer { lock.release() }
        do {
            try InterruptCleanup.shared.withoutInterrupts {
                if fileManager.fileExists(atPath: url.path) {
                    if fileManager.fileExists(atPath: old.path) { try fileManager.removeItem(at: old) }
                    try fileManager.moveItem(at: url, to: old)
                    do {
                        try fileManager.moveItem(at: staging, to: url)
                    } catch {
                        try? fileManager.moveItem(at: old, to: url)
                        throw error
                    }
                } else {
                    try fileManager.moveItem(at: staging, to: url)
                }
            }
            InterruptCleanup.shared.disarm()
            // Only now, with the new site in place, may the backup go.
            if fileManager.fileExists(atPath: old.path) { FolderRemover.remove(old.path) }
        } catch {
            throw Problem.cannotSwap(url.path, error.localizedDescription)
        }
    }

    /// Updates the site in place (`SiteJournal`): the new build cache is written beside the
    /// old, then the journal, whose rename is the point from which the update will be finished
    /// whatever happens; then the journal is carried out, and the staging folder and journal removed.
    /// A failure before the journal is written leaves the previous site as it was.
    /// `cache` is `.none` when the site's cache stays as it is; with that and nothing to move or
    /// remove, no journal is written at all.
    func update(with plan: SiteJournal, cache: BuildCache.Update) throws {
        defer { lock.release() }
        var plan = plan
        plan.replacesCache = false
        try InterruptCleanup.shared.withoutInterrupts {
            let written: Bool
            switch cache {
            case .none:
                written = true
            case .whole(let cache):
                written = (try? cache.write(to: BuildCache.pendingLocation(for: url))) != nil
                plan.replacesCache = written
            case .changes(let cache):
                written = (try? cache.writeChanges(to: BuildCache.pendingChangesLocation(for: url))) != nil
                plan.replacesChanges = written
            }
            if !written {
                // No new cache: the old one must not outlive the files it describes.
                unlink(BuildCache.location(for: url).path)
            }
            if plan.hasWork {
                do {
                    try plan.write(for: url)
                } catch {
                    throw Problem.cannotUpdate(url.path, "\(error)")
                }
                if let failure = plan.apply(to: url) { throw Problem.cannotUpdate(url.path, "\(failure)") }
            }
            FolderRemover.remove(staging.path)
            if plan.hasWork { unlink(SiteJournal.location(for: url).path) }
        }
        InterruptCleanup.shared.disarm()
    }

    /// Removes the staging folder after a failed build, unless an update's journal names it:
    /// the next build needs its files to finish that update.
    func discard() {
        InterruptCleanup.shared.withoutInterrupts {
            if !journalNamesStaging { try? FileManager.default.removeItem(at: staging) }
        }
        InterruptCleanup.shared.disarm()
        lock.release()
    }

    /// Whether the journal beside the site (left by an update that could not be finished) is this build's.
    private var journalNamesStaging: Bool {
        guard let data = FileManager.default.contents(atPath: SiteJournal.location(for: url).path) else { return false }
        return SiteJournal.decode([UInt8](data), site: url)?.staging == staging.lastPathComponent
    }

    /// Puts back the previous site when a build died between the two renames of its swap: the
    /// output folder is missing and a backup of it, marked as ours, is beside it.
    private static func recoverBackup(of url: URL) {
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: url.path) else { return }
        let parent = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).skillbook-old-"
        let backups = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
        for name in backups {
            let candidate = parent.appendingPathComponent(name)
            guard fileManager.fileExists(atPath: candidate.appendingPathComponent(markerName).path) else { continue }
            if (try? fileManager.moveItem(at: candidate, to: url)) != nil { return }
        }
    }

    /// Staging and old folders left by builds that were killed: ours by name and marker.
    private static func removeStale(beside url: URL) {
        let fileManager = FileManager.default
        let parent = url.deletingLastPathComponent()
        let prefixes = [".\(url.lastPathComponent).skillbook-tmp-", ".\(url.lastPathComponent).skillbook-old-"]
        for name in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            let candidate = parent.appendingPathComponent(name)
            if fileManager.fileExists(atPath: candidate.appendingPathComponent(markerName).path) {
                try? fileManager.removeItem(at: candidate)
            }
        }
    }
}
