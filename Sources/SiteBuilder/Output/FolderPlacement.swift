#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the file system to spread the subfolders of the staging folder over its free space
/// instead of packing them beside their parent: ext4's "top of a directory hierarchy" flag
/// (`chattr +T`), which makes the Orlov allocator place each new subfolder (and so the files in
/// it) in a lightly used block group.
///
/// Why: ext4 without a journal (the development machine's `/` and `/tmp`) never hands out an
/// inode freed in the last ~50 minutes while its group has another, and finds out by checking
/// every free inode of the group from the start, for every file it creates. A full build removes
/// the previous site's 15,000 files and creates as many; packed beside their parent, the next
/// build's files all land in the groups the last one just emptied. perf: `find_inode_bit` ->
/// `recently_deleted` took 12% of `build --full`'s processor time on agentic-awesome-skills
/// (15,000 files and 2,400 folders created, built and removed four times over: 5.5 to 6.8 s of
/// processor time a round packed, 0.6 s spread). On a journalled ext4 it only spreads the
/// folders; other file systems do not know the flag, and then nothing changes.
enum FolderPlacement {
    /// Sets the flag on the folder at `path`; quietly does nothing where it is not supported.
    static func spreadSubfolders(of path: String) {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        guard let ioctl = Self.ioctl else { return }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        var flags: Int32 = 0
        guard ioctl(folder, getFlags, &flags) == 0, flags & topDirectory == 0 else { return }
        flags |= topDirectory
        _ = ioctl(folder, setFlags, &flags)
        #endif
    }

    /// Whether the folder at `path` has the flag; `nil` where its file system keeps no such flags.
    static func spreadsSubfolders(_ path: String) -> Bool? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        guard let ioctl = Self.ioctl else { return nil }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        var flags: Int32 = 0
        guard ioctl(folder, getFlags, &flags) == 0 else { return nil }
        return flags & topDirectory != 0
        #else
        return nil
        #endif
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `FS_IOC_GETFLAGS`, `FS_IOC_SETFLAGS` (`_IOR('f', 1, long)`, `_IOW('f', 2, long)`: the same
    /// numbers on x86-64 and AArch64) and `FS_TOPDIR_FL`, from `<linux/fs.h>`. The kernel reads
    /// and writes an `int` through the pointer.
    private static let getFlags: UInt = 0x8008_6601
    private static let setFlags: UInt = 0x4008_6602
    private static let topDirectory: Int32 = 0x0002_0000

    /// `ioctl(2)`. It is variadic in C, which Swift does not import; on the System V x86-64 and
    /// the Linux AArch64 calling conventions a variadic function finds its third argument where a
    /// call through this fixed prototype puts it (x86-64's vector-register count in `al` only
    /// decides whether its prologue saves those registers).
    private typealias Control = @convention(c) (Int32, UInt, UnsafeMutablePointer<Int32>) -> Int32
    private static let ioctl: Control? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "ioctl") else { return nil }
        return unsafeBitCast(symbol, to: Control.self)
    }()
    #endif
}
