import Foundation
import SkillParser

/// What the last listing of a site read in each of its folders, with the folder's inode number,
/// modification and change times when it was read, so that the next listing reads again only the
/// folders that changed since (`SiteListing.read`), as git's untracked cache does.
///
/// A folder's stamp (`FileStamp`, as the parse cache keeps for its inputs) changes whenever an
/// entry is made, removed or renamed in it: its times move, its change time also whenever its
/// modification time is set (`touch`, `tar`, `rsync -t`), and a folder put in another's place has
/// another inode. Only folders whose stamps were settled when read are kept
/// (`FileStamp.isSettled`): a change made within the clock's resolution of the read could leave
/// the times as they were. The files in a folder are still `fstatat`ed on every listing (their
/// stamps decide what a rebuild keeps); only the folder's entries are taken from here.
///
/// Why: reading the previous site's 4,400 folders was most of a rebuild's time whenever their
/// blocks had left memory. Right after a full build of agentic-awesome-skills, a paragraph
/// rebuild of a copy took 2.35 s with 1.0 s of processor time, 15.7 s of thread time in 9,958
/// `getdents64` calls (`strace -f -w -c`), waiting for `ext4_readdir` to read the folders' blocks.
struct FolderMemo: Sendable, Equatable {
    struct Folder: Sendable, Equatable {
        var stamp: FileStamp
        /// The entries' names, each followed by a NUL, and their types (`d_type`), as `SiteListing` reads them.
        var names: [UInt8]
        var types: [UInt8]
    }

    /// By site-relative path.
    var folders: [String: Folder] = [:]

    static let kind = CacheFile.Kind(magic: "SKBFOLDR", format: 2, name: "site folder memo")
    /// The layout is the only thing the memo depends on: any program of this format may read it.
    static let key = ContentHash(high: 0x534B_4246_4F4C_4452, low: 1)

    /// The memo's file in the build cache of the site in `output`.
    static func location(for output: URL) -> URL {
        CacheFolder.file("site-folders", forOutput: output)
    }

    /// The memo in `file`; `nil` when there is none or it cannot be used (then every folder is read).
    static func read(_ file: URL) -> FolderMemo? {
        guard let decoded = try? CacheFile.withPayload(file, kind: kind, key: key, { bytes, _ in decode(bytes) }) else { return nil }
        return decoded
    }

    func write(to file: URL) throws {
        guard CacheFolder.prepare(for: file) else { return }
        var bytes: [UInt8] = []
        Self.append(UInt64(folders.count), to: &bytes)
        for path in folders.keys.sorted() {
            let folder = folders[path]!
            Self.append(Array(path.utf8), to: &bytes)
            Self.append(UInt64(bitPattern: folder.stamp.size), to: &bytes)
            Self.append(folder.stamp.inode, to: &bytes)
            Self.append(UInt64(bitPattern: folder.stamp.modified), to: &bytes)
            Self.append(UInt64(bitPattern: folder.stamp.changed), to: &bytes)
            Self.append(folder.names, to: &bytes)
            Self.append(folder.types, to: &bytes)
        }
        try CacheFile.write(to: file, kind: Self.kind, key: Self.key) { output in try output.write(bytes) }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func append(_ run: [UInt8], to bytes: inout [UInt8]) {
        append(UInt64(run.count), to: &bytes)
        bytes.append(contentsOf: run)
    }

    /// The memo in `bytes`, `nil` when they do not parse: a folder's names must be as many as its
    /// types, each ending in a NUL.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> FolderMemo? {
        var position = 0
        func number() -> UInt64? {
            guard bytes.count - position >= 8 else { return nil }
            defer { position += 8 }
            return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        func run() -> [UInt8]? {
            guard let count = number(), count <= UInt64(bytes.count - position) else { return nil }
            defer { position += Int(count) }
            return Array(UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Int(count))]))
        }
        guard let count = number(), count <= UInt64(bytes.count / 56) else { return nil }
        var memo = FolderMemo()
        memo.folders.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let path = run(), let size = number(), let inode = number(), let modified = number(), let changed = number(),
                  let names = run(), let types = run(),
                  names.count(where: { $0 == 0 }) == types.count, names.last.map({ $0 == 0 }) ?? true
            else { return nil }
            memo.folders[String(decoding: path, as: UTF8.self)] = Folder(
                stamp: FileStamp(size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
                                 changed: Int64(bitPattern: changed), inode: inode),
                names: names, types: types)
        }
        return position == bytes.count ? memo : nil
    }
}
