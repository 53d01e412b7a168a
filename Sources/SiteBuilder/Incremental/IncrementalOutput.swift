import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that decides, for every file a build puts in its staging folder, whether the
/// previous site's copy can be reused: when the build cache says that copy was made from inputs
/// with the same digest, and the file is still the size and age the cache recorded, it is
/// hard-linked into the staging folder (no rendering, no writing); otherwise the file is made
/// and written, and its digest recorded for the next build.
///
/// A digest covers everything the file is made from (a page's whole template context, a copied
/// file's bytes); the program and the theme are the cache's key, so a reused file is always the
/// file a full build would write. The previous site is only read: links share its files, which
/// no build ever writes into, and it stays whole until the new one is swapped in.
final class IncrementalOutput: @unchecked Sendable {
    /// The previous site's entries, when its cache is usable.
    private let previous: [String: BuildCache.Entry]
    private let site: URL
    private let staging: URL
    /// `staging.path`, joined to site paths as a string (see `OutputFolder.stagedPath`).
    private let stagingPath: String
    private let cacheFile: URL
    private var recorded: BuildCache
    private var emitted: Set<String> = []
    private var made: [String] = []
    private var reusedCount = 0
    private let lock = NSLock()

    /// Whether a previous site with a cache was there to reuse files from.
    let hasPrevious: Bool

    /// Reads the cache of `folder`'s previous site; `reuse: false` makes every file anew (and
    /// still records them).
    init(folder: OutputFolder, theme: Theme, reuse: Bool) {
        site = folder.url
        staging = folder.staging
        stagingPath = folder.stagingPath
        cacheFile = BuildCache.location(for: folder.url)
        let key = BuildKey.of(theme: theme)
        let cache = reuse && FileManager.default.fileExists(atPath: folder.url.path) ? BuildCache.read(cacheFile) : nil
        // Made by another program or with another theme: nothing is reused, and the summary says so.
        previous = cache?.key == key ? cache?.entries ?? [:] : [:]
        hasPrevious = cache != nil
        recorded = BuildCache(key: key)
    }

    /// Puts the file `path` of digest `hash` into the staging folder: linked from the previous
    /// site when it is unchanged, else made by `write`, which writes it through the output
    /// folder. Returns whether it was reused.
    @discardableResult
    func emit(_ path: String, hash: ContentHash, write: () throws -> Void) throws -> Bool {
        // As `OutputFolder.write` does: Ctrl-C stops a build that only links as soon as one that writes.
        if InterruptCleanup.shared.isStopping { throw CocoaError(.userCancelled) }
        let staged = stagingPath + "/" + path
        let again = lock.withLock { !emitted.insert(path).inserted }
        // A second file at the same path replaces the first; a link must never be written through.
        if again { unlink(staged) }
        if let entry = previous[path], entry.hash == hash, let old = Self.stamp(site.appendingPathComponent(path).path),
           old.size == entry.size, old.modified == entry.modified, link(site.appendingPathComponent(path).path, staged) == 0 {
            lock.withLock {
                recorded.entries[path] = entry
                reusedCount += 1
            }
            return true
        }
        try write()
        let stamp = Self.stamp(staged)
        lock.withLock {
            if let stamp { recorded.entries[path] = BuildCache.Entry(hash: hash, size: stamp.size, modified: stamp.modified) }
            made.append(path)
        }
        return false
    }

    /// Site paths made anew by this build, sorted.
    var madePaths: [String] { lock.withLock { made.sorted() } }

    var reused: Int { lock.withLock { reusedCount } }

    /// Removes the previous site's cache before the swap: if the build dies between the swap
    /// and `save`, the next build finds no cache and makes everything, instead of trusting
    /// entries of a site that is gone.
    func forgetPrevious() {
        unlink(cacheFile.path)
    }

    /// Writes the cache of the site now in place. A cache that cannot be written costs the next
    /// build its reuse, nothing else.
    func save() {
        let cache = lock.withLock { recorded }
        try? cache.write(to: cacheFile)
    }

    /// Size and modification time of a regular file (not followed through a symbolic link).
    private static func stamp(_ path: String) -> (size: Int, modified: Int64)? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
