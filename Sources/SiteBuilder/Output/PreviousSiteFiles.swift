import Foundation
import SkillParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regular files of the previous site that a build updating it in place compares the files
/// it makes with, byte for byte, before staging them: a file whose bytes the site already holds
/// is kept as it is (not written, not moved into place).
///
/// This is what lets `build --full` over a previous site cost a read per file instead of a
/// create per file now and an unlink per file after the swap (for agentic-awesome-skills 12,900
/// of each; the unlinks grew 25x from 1,000 to 10,000 synthetic skills, perf: ext4's inode
/// eviction). It trusts no cache: the comparison is with the bytes on disk, read now. Only files
/// the `SiteListing` found as regular files reached through real folders are read, opened
/// without following a symbolic link in the last place; a file that changes between the
/// comparison and the commit is a file the build did not make, as with any build tool.
final class PreviousSiteFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var sitePath = ""
    private var sizes: [String: Int] = [:]

    /// From now on, `holds` compares with the regular files of `listing`, the site at `sitePath`.
    func compare(with listing: SiteListing, at sitePath: String) {
        lock.withLock {
            self.sitePath = sitePath
            sizes = listing.files.mapValues(\.size)
        }
    }

    /// The absolute path of the previous site's regular file at the site-relative `path` when it
    /// has `count` bytes (only then can it be the same file).
    private func candidate(_ path: String, count: Int) -> String? {
        lock.withLock { sizes[path] == count ? sitePath + "/" + path : nil }
    }

    /// Whether the previous site's file at `path` holds exactly `bytes`.
    func holds(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let file = candidate(path, count: bytes.count) else { return false }
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        return Self.readChunks(descriptor, count: bytes.count) { chunk in
            defer { offset += chunk.count }
            return memcmp(chunk.baseAddress!, bytes.baseAddress! + offset, chunk.count) == 0
        }
    }

    /// Whether the previous site's file at `path` holds exactly the bytes of the file `source`
    /// (opened through a symbolic link, as `FileWriter.copy` does).
    func holds(_ path: String, sameAsFile source: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let file = candidate(path, count: Int(info.st_size)) else { return false }
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let other = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 16)
        defer { other.deallocate() }
        return Self.readChunks(descriptor, count: Int(info.st_size)) { chunk in
            FileDescriptorReading.fill(UnsafeMutableRawBufferPointer(rebasing: other[..<chunk.count]), from: input) == chunk.count
                && memcmp(chunk.baseAddress!, other.baseAddress!, chunk.count) == 0
        }
    }

    private static let chunk = 1 << 16

    /// Reads the file `descriptor` in chunks and hands each to `same`; true when it has exactly
    /// `count` bytes and `same` said yes to every chunk.
    private static func readChunks(_ descriptor: Int32, count: Int, _ same: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(max(count, 1), chunk) + 1, alignment: 16)
        defer { buffer.deallocate() }
        var remaining = count
        while remaining > 0 {
            let part = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(remaining, chunk)])
            guard FileDescriptorReading.fill(part, from: descriptor) == part.count, same(UnsafeRawBufferPointer(part)) else { return false }
            remaining -= part.count
        }
        // The file must end here (it may have grown since it was listed).
        return read(descriptor, buffer.baseAddress!, 1) == 0
    }
}
