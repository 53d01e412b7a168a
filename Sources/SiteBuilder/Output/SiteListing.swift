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
/// `fstatat` relative to open folder descriptors, its top-level entries on all cores: for
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

    /// Lists the folder at `path`; `nil` when it cannot be opened as a folder.
    static func read(_ path: String) -> SiteListing? {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return nil }
        defer { close(root) }
        guard let top = entries(of: dup(root)) else { return nil }
        let parts = Parallel.map(top.count, minimumChunk: 1) { index -> SiteListing in
            var part = SiteListing()
            _ = part.add(top[index].name, type: top[index].type, in: root, at: top[index].name)
            return part
        }
        var listing = SiteListing()
        for part in parts {
            listing.files.merge(part.files) { first, _ in first }
            listing.folders.formUnion(part.folders)
            listing.others.formUnion(part.others)
            listing.filelessFolders.formUnion(part.filelessFolders)
        }
        return listing
    }

    /// Adds the entry `name` of the open folder `parent`, whose site path is `path`, and for a
    /// folder everything in it; returns whether it is or holds a regular file.
    private mutating func add(_ name: String, type: UInt8, in parent: Int32, at path: String) -> Bool {
        var type = type
        var info = stat()
        if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_REG) {
            guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFREG: type = UInt8(DT_REG)
            case S_IFDIR: type = UInt8(DT_DIR)
            default: type = UInt8(DT_LNK)
            }
        }
        switch type {
        case UInt8(DT_REG):
            files[path] = Stamp(size: Int(info.st_size),
                                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            return true
        case UInt8(DT_DIR):
            folders.insert(path)
            let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else {
                others.insert(path)
                filelessFolders.insert(path)
                return false
            }
            defer { close(folder) }
            var holdsFile = false
            for entry in Self.entries(of: dup(folder)) ?? [] {
                if add(entry.name, type: entry.type, in: folder, at: path + "/" + entry.name) { holdsFile = true }
            }
            if !holdsFile { filelessFolders.insert(path) }
            return holdsFile
        default:
            others.insert(path)
            return false
        }
    }

    /// The entries of the open folder `folder` (closed afterwards), without `.` and `..`.
    private static func entries(of folder: Int32) -> [(name: String, type: UInt8)]? {
        guard folder >= 0 else { return nil }
        guard let stream = fdopendir(folder) else { close(folder); return nil }
        defer { closedir(stream) }
        var found: [(name: String, type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { found.append((name, entry.pointee.d_type)) }
        }
        return found
    }
}
