import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every regular file and folder of a previous site, with each file's size and modification
/// time, read once at the start of a rebuild that updates the site in place.
///
/// A rebuild reuses a file only when it is one of these (a regular file reached through real
/// folders: a symbolic link anywhere on its path is not followed, so nothing outside the site is
/// ever taken or written through), and removes whatever the site holds that the build did not
/// emit, so the updated site has exactly the files of a full build. The walk uses `openat` and
/// `fstatat` relative to open folder descriptors, its top-level entries on several threads: for
/// agentic-awesome-skills about 4,400 folders and 15,500 files.
struct SiteListing: Sendable {
    struct Stamp: Sendable, Equatable {
        var size: Int
        /// Nanoseconds since 1970, as `BuildCache.Entry.modified`.
        var modified: Int64
    }

    /// Site-relative paths of the regular files, with their stamps.
    var files: [String: Stamp] = [:]
    /// Site-relative paths of the folders (not the site itself).
    var folders: Set<String> = []
    /// Site-relative paths of everything else (symbolic links, sockets...): never reused, always removed.
    var others: Set<String> = []
    /// The folders with no regular file anywhere inside (empty, or holding only other entries or
    /// folders like them): a full build has none, so a rebuild that keeps every listed file
    /// removes these and no other folder (`SiteJournal`), without working out which folders its
    /// thousands of files need.
    var filelessFolders: Set<String> = []
    /// The folders below the top whose entries this listing read, with their stamps, for the next
    /// listing's `FolderMemo` (only those whose times were settled when read).
    var seen = FolderMemo()
    /// How many folders below the top had their entries read, not taken from the memo.
    var foldersRead = 0

    /// Lists the folder at `path`; `nil` when it cannot be opened as a folder.
    ///
    /// A site path is made once per entry, from bytes: its name is read from `readdir` into one
    /// buffer with its folder's other names and handed to `fstatat` and `openat` from there, and
    /// the top-level entries are listed in a part per chunk, as lists, from which the tables are
    /// made once at their full size. A `String` per name, the path joined from it with two `+`, a
    /// part per top-level folder and merges into growing tables were a third of the listing's time
    /// (perf, a rebuild of agentic-awesome-skills: 95 of 327 samples; the rest is the kernel's), and
    /// each part's own growing tables 10 ms more of a paragraph rebuild (perf).
    ///
    /// With a `memo` of the last listing, a folder whose inode and times are the ones it gives is not
    /// read again: its entries are the memo's (`FolderMemo`). `now` (nanoseconds since 1970, the
    /// clock's time by default) decides which folders are settled enough to be kept in `seen`.
    static func read(_ path: String, memo: FolderMemo? = nil, now: Int64? = nil) -> SiteListing? {
        let listedAt = now ?? FileStamp.now()
        let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return nil }
        defer { close(root) }
        guard let top = Entries(of: dup(root)) else { return nil }
        // On more threads than cores (`mapWaiting`): when the site's folders and inodes are no longer
        // in memory, each `fstatat` and folder read waits for the disk. A rebuild of agentic-awesome-skills
        // with the page cache dropped waited most in this listing (perf sched_switch, io_schedule).
        let chunks = min(top.count, Parallel.waitingWidth * 8)
        let parts = Parallel.mapWaiting(chunks, minimumChunk: 1) { chunk -> Part in
            var part = Part()
            var path: [UInt8] = []
            for index in (chunk * top.count / chunks)..<((chunk + 1) * top.count / chunks) {
                path.removeAll(keepingCapacity: true)
                top.withName(index) { name in
                    path.append(contentsOf: name)
                    _ = part.add(name, type: top.types[index], in: root, at: &path, memo: memo, listedAt: listedAt)
                }
            }
            return part
        }
        // Each path is in one part (the top-level entries are split between them).
        var listing = SiteListing()
        listing.files.reserveCapacity(parts.reduce(0) { $0 + $1.files.count })
        listing.folders.reserveCapacity(parts.reduce(0) { $0 + $1.folders.count })
        listing.seen.folders.reserveCapacity(parts.reduce(0) { $0 + $1.seen.count })
        for part in parts {
            for (path, stamp) in part.files { listing.files[path] = stamp }
            listing.folders.formUnion(part.folders)
            listing.others.formUnion(part.others)
            listing.filelessFolders.formUnion(part.filelessFolders)
            for (path, folder) in part.seen { listing.seen.folders[path] = folder }
            listing.foldersRead += part.foldersRead
        }
        return listing
    }

    /// What the listing of some of the top-level entries found, as lists (`read` makes the tables).
    private struct Part {
        var files: [(String, Stamp)] = []
        var folders: [String] = []
        var others: [String] = []
        var filelessFolders: [String] = []
        var seen: [(String, FolderMemo.Folder)] = []
        var foldersRead = 0

        /// Adds the entry `name` of the open folder `parent`, whose site path is `path` (bytes, given
        /// back as they came), and for a folder everything in it; returns whether it is or holds a
        /// regular file.
        mutating func add(_ name: UnsafeBufferPointer<UInt8>, type: UInt8, in parent: Int32, at path: inout [UInt8],
                          memo: FolderMemo?, listedAt: Int64) -> Bool {
            // `name` is followed by its NUL in the entries' buffer (`Entries`).
            let cName = UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self)
            var type = type
            var info = stat()
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_REG) {
                guard fstatat(parent, cName, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                switch info.st_mode & S_IFMT {
                case S_IFREG: type = UInt8(DT_REG)
                case S_IFDIR: type = UInt8(DT_DIR)
                default: type = UInt8(DT_LNK)
                }
            }
            let site = String(decoding: path, as: UTF8.self)
            switch type {
            case UInt8(DT_REG):
                files.append((site, Stamp(size: Int(info.st_size),
                                             modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))))
                return true
            case UInt8(DT_DIR):
                folders.append(site)
                let folder = openat(parent, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard folder >= 0 else {
                    others.append(site)
                    filelessFolders.append(site)
                    return false
                }
                defer { close(folder) }
                var holdsFile = false
                var entries: Entries?
                var folderInfo = stat()
                if fstat(folder, &folderInfo) == 0 {
                    let stamp = FileStamp(folderInfo)
                    if let remembered = memo?.folders[site], remembered.stamp == stamp {
                        entries = Entries(names: remembered.names, types: remembered.types)
                    } else {
                        entries = Entries(of: dup(folder))
                        foldersRead += 1
                    }
                    if let entries, stamp.isSettled(before: listedAt) {
                        seen.append((site, FolderMemo.Folder(stamp: stamp, names: entries.names, types: entries.types)))
                    }
                } else {
                    entries = Entries(of: dup(folder))
                    foldersRead += 1
                }
                if let entries {
                    let length = path.count
                    for index in 0..<entries.count {
                        entries.withName(index) { name in
                            path.append(UInt8(ascii: "/"))
                            path.append(contentsOf: name)
                            if add(name, type: entries.types[index], in: folder, at: &path, memo: memo, listedAt: listedAt) {
                                holdsFile = true
                            }
                            path.removeSubrange(length...)
                        }
                    }
                }
                if !holdsFile { filelessFolders.append(site) }
                return holdsFile
            default:
                others.append(site)
                return false
            }
        }
    }

    /// The entries of a folder, without `.` and `..`: their names one after another in one
    /// buffer, each followed by a NUL (as `fstatat` and `openat` take them), and their types.
    private struct Entries {
        private(set) var names: [UInt8] = []
        /// Where each name starts in `names`, and where the next would.
        private var starts: [Int] = [0]
        private(set) var types: [UInt8] = []

        var count: Int { types.count }

        /// The entries of the open folder `folder` (closed afterwards); `nil` when it cannot be read.
        init?(of folder: Int32) {
            guard folder >= 0 else { return nil }
            guard let stream = fdopendir(folder) else { close(folder); return nil }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                    let name = UnsafeRawBufferPointer(rebasing: raw[..<length])
                    if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { return }
                    names.append(contentsOf: name)
                    names.append(0)
                    starts.append(names.count)
                    types.append(entry.pointee.d_type)
                }
            }
        }

        /// The entries a `FolderMemo` kept: `names` each followed by a NUL, as many as `types`.
        init(names: [UInt8], types: [UInt8]) {
            self.names = names
            self.types = types
            starts.reserveCapacity(types.count + 1)
            for (offset, byte) in names.enumerated() where byte == 0 { starts.append(offset + 1) }
        }

        /// `body` on the name of entry `index`, without its NUL, which follows it in memory.
        func withName<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            names.withUnsafeBufferPointer { all in
                body(UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1] - 1]))
            }
        }
    }
}
