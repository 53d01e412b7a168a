import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a source file, as git's index keeps it: when all of it is unchanged, the
/// file's bytes are taken to be unchanged and it is not read again. The content digest stays the
/// truth: a file whose stamp differs is read and digested, and only a different digest parses it.
/// The site listing keeps the stamps of the previous site's folders the same way (`FolderMemo`).
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    /// Modification and status-change times, nanoseconds since 1970. Tools set the first back
    /// (`touch -d`, `cp -p`, `rsync -t`); no tool sets the second, which any write moves.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64

    /// The stamp of the file at `path` (following a symbolic link, as reading it does); `nil`
    /// when it cannot be had.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stamp of what `info` (from `stat`, `fstat` or `fstatat`) describes, of any kind.
    public init(_ info: stat) {
        self.init(size: Int64(info.st_size), modified: Self.nanoseconds(info.st_mtim), changed: Self.nanoseconds(info.st_ctim),
                  inode: UInt64(info.st_ino))
    }

    public init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// Whether a matching stamp may stand for the bytes read at `recordedAt` (nanoseconds since
    /// 1970). A file changed within `racyWindow` of that moment may have been changed again in
    /// the same clock tick of a coarse file system without its times moving ("racy git"), so it
    /// is read again.
    public func isSettled(before recordedAt: Int64) -> Bool {
        max(modified, changed) < recordedAt - Self.racyWindow
    }

    /// Two seconds: the coarsest file system times (FAT) and the lag of the kernel's coarse clock.
    public static let racyWindow: Int64 = 2_000_000_000

    /// Now, in nanoseconds since 1970, on the clock file times come from.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
