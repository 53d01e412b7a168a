import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that decides, for every file a build emits, whether the previous site's copy
/// can be kept: when the build cache says that copy was made from inputs with the same digest,
/// and the file is still the size and age the cache recorded, it is kept as it is (no rendering,
/// no writing); otherwise the file is made, and written into the staging folder unless the
/// previous site's file holds the same bytes (`PreviousSiteFiles`, read from disk: so also a
/// `--full` build, which trusts no cache, writes only what changed), and its digest recorded
/// for the next build.
///
/// A digest covers everything the file is made from (a page's whole template context, a copied
/// file's bytes); the program and the theme are the cache's key, so a kept file is always the
/// file a full build would write.
///
/// With a usable previous site (its marker, the staging folder on the same file system; with or
/// without a cache), the build updates it in place: the staging folder holds only the files made anew,
/// and `commit` moves them into the site and removes what the new site no longer has, through a
/// `SiteJournal`. Without one, the staging folder holds the whole new site and `commit` swaps it
/// in (`OutputFolder.commit`). Either way the previous site is only read until the commit.
final class IncrementalOutput: @unchecked Sendable {
    /// The previous site's entries, when its cache is usable.
    private let previous: [String: BuildCache.Entry]
    /// The cache they were read from (for the changes the commit writes).
    private let previousCache: BuildCache?
    /// The previous site's files, when it is updated in place (`nil`: the whole site is staged).
    private let listing: SiteListing?
    private let folder: OutputFolder
    private let cacheFile: URL
    private var recorded: BuildCache
    private var emitted: Set<String> = []
    /// The emitted paths as they stand to the listing, for the commit's plan.
    private var counted = SiteJournal.EmittedPaths()
    /// Paths whose file is in the staging folder (the others are kept from the previous site).
    private var staged: Set<String> = []
    private var made: [String] = []
    private var reusedCount = 0
    private let lock = NSLock()

    /// Whether a previous site with a cache was there to reuse files from.
    let hasPrevious: Bool

    /// Reads the cache of `folder`'s previous site; `reuse: false` makes every file anew (and
    /// still records them).
    init(folder: OutputFolder, theme: Theme, reuse: Bool) {
        self.folder = folder
        cacheFile = BuildCache.location(for: folder.url)
        let key = BuildKey.of(theme: theme)
        let cache = reuse && FileManager.default.fileExists(atPath: folder.url.path) ? BuildCache.read(cacheFile) : nil
        // Made by another program or with another theme: nothing is reused, and the summary says so.
        // A site of ours is updated in place also without a cache (`--full`, another theme or
        // program): each file made is then compared with the site's, and only differing ones staged.
        // The folders the last listing read are read again only when they changed (`FolderMemo`).
        let memoFile = FolderMemo.location(for: folder.url)
        let memo = reuse ? FolderMemo.read(memoFile) : nil
        listing = Self.canUpdateInPlace(folder) ? SiteListing.read(folder.url.path, memo: memo) : nil
        // Written again only when many folders had to be read: the few a rebuild writes into (the
        // changed pages' and the search index's) are then read each time, as all were before the memo,
        // instead of the whole memo being written each time. A memo that could not be written costs
        // the next build its folders' reading, nothing else.
        if let listing, memo == nil || listing.foldersRead > max(32, listing.seen.folders.count / 16) {
            try? listing.seen.write(to: memoFile)
        }
        previousCache = listing != nil && cache?.key == key ? cache : nil
        previous = previousCache?.entries ?? [:]
        if let listing { folder.previousFiles.compare(with: listing, at: folder.url.path) }
        hasPrevious = cache != nil
        recorded = BuildCache(key: key)
        // A build emits about as many files as the last one had: the two tables every emitted file
        // goes into are sized once, not grown and rehashed step by step (growing them was about
        // 5 ms of a paragraph rebuild of agentic-awesome-skills, perf: `setValue`, `insertNew`).
        let expected = max(previous.count, listing?.files.count ?? 0)
        emitted.reserveCapacity(expected)
        recorded.entries.reserveCapacity(expected)
    }

    /// Whether the site in `folder` can be updated in place: it is a site of ours (its marker is
    /// there) and on the file system of the staging folder, so files are moved by `rename`.
    private static func canUpdateInPlace(_ folder: OutputFolder) -> Bool {
        var site = stat(), staging = stat(), marker = stat()
        return lstat(folder.url.path, &site) == 0 && (site.st_mode & S_IFMT) == S_IFDIR
            && lstat(folder.url.appendingPathComponent(OutputFolder.markerName).path, &marker) == 0
            && (marker.st_mode & S_IFMT) == S_IFREG
            && stat(folder.staging.path, &staging) == 0 && staging.st_dev == site.st_dev
    }

    /// Whether this build updates the previous site in place.
    var updatesInPlace: Bool { listing != nil }

    /// Creates the folders of `paths` in the staging folder before files are written there on
    /// all cores. Updating in place, the files staged (those that differ) get their folders as
    /// they are written (`OutputFolder.write`).
    func createFolders(for paths: [String]) throws {
        guard listing == nil else { return }
        try folder.createFolders(for: paths)
    }

    /// Puts the file `path` of digest `hash` into the new site: kept from the previous site when
    /// it is unchanged, else made by `write`, which writes it into the staging folder through the
    /// output folder and returns whether it did (`false`: the previous site's file has the same
    /// bytes and is kept). Returns whether the file was reused without being made.
    @discardableResult
    func emit(_ path: String, hash: ContentHash, write: () throws -> Bool) throws -> Bool {
        // As `OutputFolder.write` does: Ctrl-C stops a build that only keeps files as soon as one that writes.
        if InterruptCleanup.shared.isStopping { throw CocoaError(.userCancelled) }
        // The previous site's entry is read without the lock (neither changes while files are
        // emitted), and a kept file takes the lock once: taken twice per file, the lock was half
        // of this function's time in the render step of a rebuild (two threads, 12,000 files).
        let old = listing?.files[path]
        let kept = keptEntry(path, hash: hash, old: old)
        let again = lock.withLock { () -> Bool in
            let again = !emitted.insert(path).inserted
            if !again, listing != nil {
                // How the emitted paths stand to the listing, for the commit's plan (`SiteJournal`).
                if old == nil { counted.unlisted.append(path) } else if path != OutputFolder.markerName { counted.listedFiles += 1 }
            }
            if let kept {
                recorded.entries[path] = kept
                // Only a file emitted before may be staged.
                if again { staged.remove(path) }
                reusedCount += 1
            }
            return again
        }
        // A second file at the same path replaces the first.
        if again { unlink(folder.stagedPath(path)) }
        if kept != nil { return true }
        guard try write() else {
            // The same bytes as the previous site's file, which stays as the listing found it.
            lock.withLock {
                if let old { recorded.entries[path] = BuildCache.Entry(hash: hash, size: old.size, modified: old.modified) }
                staged.remove(path)
                made.append(path)
            }
            return false
        }
        let stamp = Self.stamp(folder.stagedPath(path))
        lock.withLock {
            if let stamp { recorded.entries[path] = BuildCache.Entry(hash: hash, size: stamp.size, modified: stamp.modified) }
            staged.insert(path)
            made.append(path)
        }
        return false
    }

    /// Whether `emit` keeps the previous site's file at `path` for the digest `hash` without
    /// making it: the cache has that digest for it, and the file is still the size and age the
    /// cache recorded. (A caller may ask ahead, to make only what will be written.)
    func keeps(_ path: String, hash: ContentHash) -> Bool {
        keptEntry(path, hash: hash, old: listing?.files[path]) != nil
    }

    /// The cache's entry of the file `keeps` keeps, given the listing's stamp `old` of `path`.
    private func keptEntry(_ path: String, hash: ContentHash, old: SiteListing.Stamp?) -> BuildCache.Entry? {
        guard let old, let entry = previous[path], entry.hash == hash, old.size == entry.size, old.modified == entry.modified else { return nil }
        return entry
    }

    /// Site paths made anew by this build, sorted.
    var madePaths: [String] { lock.withLock { made.sorted() } }

    var reused: Int { lock.withLock { reusedCount } }

    /// Puts the new site in place with its build cache: updating the previous site through a
    /// journal, or swapping the staging folder in. Swapping, the previous cache is removed first
    /// and the new one written after, so a build that dies between the two finds no cache and
    /// makes everything, instead of trusting entries of a site that is gone. A cache that cannot
    /// be written costs the next build its reuse, nothing else; updating, an unchanged cache is
    /// left as it is.
    func commit() throws {
        lock.lock()
        let cache = recorded, emittedPaths = emitted, stagedPaths = staged, counts = counted
        lock.unlock()
        guard let listing else {
            unlink(cacheFile.path)
            unlink(BuildCache.changesLocation(of: cacheFile).path)
            try folder.commit()
            try? cache.write(to: cacheFile)
            return
        }
        let journal = SiteJournal(updating: listing, to: emittedPaths, staged: stagedPaths, staging: folder.staging.lastPathComponent,
                                  counted: counts)
        // A cache with the same entries is not written again (nor, with nothing to move or remove,
        // a journal); one with few changes gets only its changes file.
        try folder.update(with: journal, cache: previousCache?.update(to: cache.entries) ?? .whole(cache))
    }

    /// Size and modification time of a regular file (not followed through a symbolic link).
    private static func stamp(_ path: String) -> (size: Int, modified: Int64)? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
