import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a build keeps what it may reuse next time: the folder `.OUT.skillbook-cache` beside the
/// output folder `OUT`, never inside it (so it is never published) and never anywhere else. Each
/// step keeps one file there, named for it (`site`, `parse`); a missing or unreadable file only
/// costs the next build its reuse.
public enum CacheFolder {
    /// The cache folder of the output folder `output`.
    public static func location(forOutput output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).skillbook-cache")
    }

    /// The file or folder `name` in the cache folder of `output`.
    public static func file(_ name: String, forOutput output: URL) -> URL {
        location(forOutput: output).appendingPathComponent(name)
    }

    /// Makes sure the folder of `file` exists, with the folders above it (a first build into
    /// `a/b/out` writes its caches before the output folder's parent is made); a file in its place
    /// (the single-file cache of earlier versions) is removed first. Returns whether the folder is there.
    @discardableResult
    public static func prepare(for file: URL) -> Bool {
        let folder = file.deletingLastPathComponent().path
        var info = stat()
        if lstat(folder, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return true }
            unlink(folder)
        }
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        return (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
    }
}
