import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plan of a rebuild that updates the previous site in place, written beside the site
/// (`.OUT.skillbook-journal`) before the site is touched.
///
/// A rebuild writes only its changed and new files, into the staging folder. Its commit then
/// removes the files the new site no longer has, removes the folders left empty, renames each
/// staged file into place (one atomic `rename` per file), and finally puts the new build cache in
/// place of the old. Every one of these steps can be done again without harm, so a build that
/// dies during the commit (power cut, `kill -9`; SIGINT and SIGTERM wait for the commit) is
/// finished by the next build, which finds the journal before anything else and rolls it
/// forward. A build that fails before its commit never wrote a journal and leaves the site as it
/// was. Replacing the whole site (swap) costs one link per unchanged file and their removal
/// afterwards; for agentic-awesome-skills, 15,500 of each for one changed page.
///
/// The file: the line `skillbook site journal 1`, then fields ended by a NUL byte (which no path
/// holds): `s` and the staging folder's name, `c` when the cache is to be put in place, `d` when
/// its changes file is (`BuildCache`), then `-`
/// for a path to remove, `/` for a folder to remove, `+` for a path to rename from the staging
/// folder. Paths are site-relative; one that could lead outside the site makes the journal unusable.
struct SiteJournal: Equatable {
    static let header = "skillbook site journal 1\n"

    /// The staging folder's name, a sibling of the site.
    var staging: String
    /// Files (and symbolic links) of the previous site the new one does not have.
    var removed: [String] = []
    /// Folders of the previous site the new one does not have, deepest first.
    var emptied: [String] = []
    /// Files made by the build, in the staging folder at the same site-relative path.
    var added: [String] = []
    /// Whether the build cache written beside the new one (`BuildCache.pendingLocation`) replaces it.
    var replacesCache = false
    /// Whether the changes file written beside the cache's (`BuildCache.pendingChangesLocation`) replaces it.
    var replacesChanges = false

    init(staging: String) {
        self.staging = staging
    }

    /// How the emitted paths stand to the listing, counted as they were emitted
    /// (`IncrementalOutput.emit`): how many of them are listed regular files other than the
    /// site marker, and those that are not listed regular files.
    struct EmittedPaths {
        var listedFiles = 0
        var unlisted: [String] = []
    }

    /// The plan that turns the site `listing` describes into one of exactly the `emitted` paths
    /// (and the site marker), taking the `staged` ones from the staging folder `staging`.
    ///
    /// With `counted` saying that every listed file is emitted again (a rebuild that removes no
    /// page), nothing but the listing's other entries can go, and of its folders only those that
    /// hold no regular file and none of the new paths (`SiteListing.filelessFolders`): the same
    /// plan, without a pass over every emitted path (for agentic-awesome-skills 15,500, about
    /// 13 ms of a rebuild's write step; perf).
    init(updating listing: SiteListing, to emitted: Set<String>, staged: Set<String>, staging: String,
         counted: EmittedPaths? = nil) {
        self.staging = staging
        replacesCache = true
        let markerListed = listing.files[OutputFolder.markerName] != nil
        let candidates: [String]
        let needed: Set<String>
        let unneeded: Set<String>
        if let counted, counted.listedFiles == listing.files.count - (markerListed ? 1 : 0) {
            candidates = Array(listing.others)
            needed = OutputFolder.folders(holding: counted.unlisted)
            unneeded = listing.filelessFolders
        } else {
            candidates = Array(listing.files.keys) + Array(listing.others)
            needed = OutputFolder.folders(holding: emitted)
            unneeded = listing.folders
        }
        removed = candidates.filter { !emitted.contains($0) && $0 != OutputFolder.markerName }.sorted()
        func depth(_ path: String) -> Int { path.utf8.count { $0 == UInt8(ascii: "/") } }
        emptied = unneeded.subtracting(needed).sorted { depth($0) != depth($1) ? depth($0) > depth($1) : $0 < $1 }
        added = staged.sorted()
    }

    /// Whether carrying out the plan changes anything.
    var hasWork: Bool { replacesCache || replacesChanges || !removed.isEmpty || !emptied.isEmpty || !added.isEmpty }

    /// The journal's path for the output folder `url`.
    static func location(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).skillbook-journal")
    }

    func encoded() -> [UInt8] {
        var bytes = Array(Self.header.utf8)
        func field(_ tag: Character, _ text: String) {
            bytes.append(tag.asciiValue!)
            bytes += text.utf8
            bytes.append(0)
        }
        field("s", staging)
        if replacesCache { field("c", "") }
        if replacesChanges { field("d", "") }
        for path in removed { field("-", path) }
        for path in emptied { field("/", path) }
        for path in added { field("+", path) }
        return bytes
    }

    /// The journal in `bytes`, or `nil` when it is not one, is cut short, or names a path
    /// outside the site or a staging folder that is not the site's.
    static func decode(_ bytes: [UInt8], site: URL) -> SiteJournal? {
        let header = Array(Self.header.utf8)
        guard bytes.starts(with: header), bytes.last == 0 || bytes.count == header.count else { return nil }
        var journal = SiteJournal(staging: "")
        for field in bytes[header.count...].split(separator: 0, omittingEmptySubsequences: false).dropLast() {
            guard let tag = field.first else { return nil }
            let text = String(decoding: field.dropFirst(), as: UTF8.self)
            switch tag {
            case UInt8(ascii: "s"):
                guard text.hasPrefix(".\(site.lastPathComponent).skillbook-tmp-"), !text.contains("/") else { return nil }
                journal.staging = text
            case UInt8(ascii: "c"): journal.replacesCache = true
            case UInt8(ascii: "d"): journal.replacesChanges = true
            case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "+"):
                guard isInside(text) else { return nil }
                if tag == UInt8(ascii: "-") { journal.removed.append(text) }
                if tag == UInt8(ascii: "/") { journal.emptied.append(text) }
                if tag == UInt8(ascii: "+") { journal.added.append(text) }
            default: return nil
            }
        }
        return journal.staging.isEmpty ? nil : journal
    }

    /// Whether a site-relative path stays inside the site: no empty, `.` or `..` component.
    static func isInside(_ path: String) -> Bool {
        !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// Writes the journal for `site` through a temporary file renamed into place: from the
    /// rename on, the commit will be finished whatever happens.
    func write(for site: URL) throws {
        let file = Self.location(for: site)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + "-\(getpid())")
        try encoded().withUnsafeBytes { try FileWriter.write($0, to: temporary.path) }
        if rename(temporary.path, file.path) != 0 {
            let code = errno
            unlink(temporary.path)
            throw FileWriter.Failure(path: file.path, code: code)
        }
    }

    /// Carries out the plan on `site`; each step is skipped when already done. Returns the first
    /// failure, if any (the journal is then kept, and the next build tries again).
    func apply(to site: URL) -> FileWriter.Failure? {
        let sitePath = site.path
        let stagingPath = site.deletingLastPathComponent().appendingPathComponent(staging).path
        // On all cores: a build over another collection's site removes thousands of files here.
        let removals = Parallel.map(removed.count, minimumChunk: 256) { index -> FileWriter.Failure? in
            let target = sitePath + "/" + removed[index]
            guard unlink(target) != 0, errno != ENOENT else { return nil }
            // A folder where the previous site had a file: made by hand, gone all the same.
            if errno == EISDIR || errno == EPERM { FolderRemover.remove(target) }
            var info = stat()
            return lstat(target, &info) == 0 ? FileWriter.Failure(path: target, code: EEXIST) : nil
        }
        var failure = removals.lazy.compactMap { $0 }.first
        for path in emptied {
            let target = sitePath + "/" + path
            if rmdir(target) != 0, errno != ENOENT { failure = failure ?? FileWriter.Failure(path: target, code: errno) }
        }
        let failures = Parallel.map(added.count, minimumChunk: 256) { index -> FileWriter.Failure? in
            Self.move(stagingPath + "/" + added[index], to: sitePath, path: added[index])
        }
        failure = failure ?? failures.lazy.compactMap { $0 }.first
        if replacesCache, failure == nil {
            let pending = BuildCache.pendingLocation(for: site).path
            if rename(pending, BuildCache.location(for: site).path) != 0, errno != ENOENT {
                failure = FileWriter.Failure(path: pending, code: errno)
            }
            // Written for the cache that was replaced (its generation): no longer used.
            unlink(BuildCache.changesLocation(of: BuildCache.location(for: site)).path)
        }
        if replacesChanges, failure == nil {
            let pending = BuildCache.pendingChangesLocation(for: site).path
            if rename(pending, BuildCache.changesLocation(of: BuildCache.location(for: site)).path) != 0, errno != ENOENT {
                failure = FileWriter.Failure(path: pending, code: errno)
            }
        }
        return failure
    }

    /// Renames the staged file `source` to `path` in the site, making its folders first when
    /// they are missing. A staged file that is gone was moved by an earlier attempt.
    private static func move(_ source: String, to site: String, path: String) -> FileWriter.Failure? {
        let target = site + "/" + path
        if rename(source, target) == 0 { return nil }
        guard errno == ENOENT else { return FileWriter.Failure(path: target, code: errno) }
        var info = stat()
        guard lstat(source, &info) == 0 else { return nil }
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += (folder.isEmpty ? "" : "/") + component
            if mkdir(site + "/" + folder, 0o777) != 0, errno != EEXIST { return FileWriter.Failure(path: site + "/" + folder, code: errno) }
        }
        return rename(source, target) == 0 ? nil : FileWriter.Failure(path: target, code: errno)
    }

    /// Finishes the commit of a build that died during it, when `site` has a journal: run before
    /// anything else reads the site or its cache. A journal that cannot be read (not written by
    /// a build, or not wholly) is removed with the site's build cache, so the next build makes
    /// every file anew. Throws when the journal cannot be carried out (it is kept: the build
    /// must stop rather than build on a site half updated); returns whether it rolled one forward.
    @discardableResult
    static func recover(_ site: URL) throws -> Bool {
        let file = location(for: site)
        guard let data = FileManager.default.contents(atPath: file.path) else { return false }
        guard let journal = decode([UInt8](data), site: site) else {
            unlink(BuildCache.location(for: site).path)
            unlink(file.path)
            return false
        }
        if let failure = journal.apply(to: site) { throw failure }
        let staging = site.deletingLastPathComponent().appendingPathComponent(journal.staging).path
        FolderRemover.remove(staging)
        unlink(file.path)
        return true
    }
}
