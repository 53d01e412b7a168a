import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of one folder with their kind, read with `readdir`, whose entry type comes
/// with each name: asking Foundation for each entry's resource values cost a `URL` and a
/// `stat` per file, and the walk of 2,000 skill folders runs before anything else can start.
enum DirectoryEntries {
    enum Kind {
        case file, folder, symbolicLink, other
    }

    /// Names and kinds in `path`, sorted by name (without `.` and `..`); `nil` when it cannot be listed.
    static func list(_ path: String) -> [(name: String, kind: Kind)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var result: [(name: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            result.append((name, kind(Int32(entry.pointee.d_type), name: name, in: path)))
        }
        return result.sorted { $0.name < $1.name }
    }

    private static func kind(_ type: Int32, name: String, in folder: String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            // Some file systems do not say; ask.
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .symbolicLink
            default: return .other
            }
        default: return .other
        }
    }
}
