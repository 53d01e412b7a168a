import Foundation

/// What tells one build of this program from another, for the caches' key (`ToolDigest`).
///
/// An ELF program (Linux) carries a GNU build ID: a hash of the linked file that the linker
/// writes into a note, so two builds of different code carry different IDs. Reading it takes a
/// few kilobytes of the file's headers, where digesting the whole program (13 MB) took about
/// 3% of a small site's build on every run. A program without one is digested whole.
enum ExecutableIdentity {
    /// The identity of the program at `path`, or `nil` when it cannot be read.
    static func of(path: String) -> ContentHash? {
        var hasher = ContentHasher()
        if let id = gnuBuildID(atPath: path) {
            hasher.add("gnu-build-id")
            id.withUnsafeBytes { hasher.add($0) }
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            hasher.add("file")
            data.withUnsafeBytes { hasher.add($0) }
        }
        return hasher.finalize()
    }

    /// The GNU build ID of the file at `path`, reading only its headers and notes.
    static func gnuBuildID(atPath path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return gnuBuildID { offset, count in
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let data = try? handle.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
    }

    /// Bounds on what is read, so a malformed file costs little.
    static let maximumProgramHeaders = 256
    static let maximumNoteBytes = 65_536

    /// The descriptor of the `NT_GNU_BUILD_ID` note of a 64-bit little-endian ELF file, read
    /// through `read(offset, count)` (which returns exactly `count` bytes or `nil`); `nil` when
    /// the file is not such a file or has no build ID.
    static func gnuBuildID(_ read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> [UInt8]? {
        // ELF header: magic, class 2 (64-bit), data 1 (little-endian); program headers' place.
        guard let header = read(0, 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else { return nil }
        let tableOffset = Int(truncatingIfNeeded: number(header, at: 32, bytes: 8))
        let entrySize = Int(number(header, at: 54, bytes: 2))
        let entries = Int(number(header, at: 56, bytes: 2))
        guard entrySize >= 56, entries <= maximumProgramHeaders, tableOffset >= 0,
              let table = read(tableOffset, entrySize * entries) else { return nil }
        for entry in 0..<entries {
            let start = entry * entrySize
            // PT_NOTE (4): a run of notes at p_offset, p_filesz bytes long.
            guard number(table, at: start, bytes: 4) == 4 else { continue }
            let offset = Int(truncatingIfNeeded: number(table, at: start + 8, bytes: 8))
            let size = Int(truncatingIfNeeded: number(table, at: start + 32, bytes: 8))
            guard offset >= 0, size > 0, size <= maximumNoteBytes, let notes = read(offset, size) else { continue }
            if let id = buildID(inNotes: notes) { return id }
        }
        return nil
    }

    /// Each note: name size, descriptor size, type (4 bytes each), then the name and the
    /// descriptor, each padded to 4 bytes. The build ID is type 3 (`NT_GNU_BUILD_ID`), name "GNU".
    static func buildID(inNotes notes: [UInt8]) -> [UInt8]? {
        var position = 0
        while position + 12 <= notes.count {
            let nameSize = Int(number(notes, at: position, bytes: 4))
            let descriptorSize = Int(number(notes, at: position + 4, bytes: 4))
            let type = number(notes, at: position + 8, bytes: 4)
            let name = position + 12
            let descriptor = name + padded(nameSize)
            guard descriptor + descriptorSize <= notes.count else { return nil }
            if type == 3, Array(notes[name..<name + nameSize]) == Array("GNU\0".utf8), descriptorSize > 0 {
                return Array(notes[descriptor..<descriptor + descriptorSize])
            }
            position = descriptor + padded(descriptorSize)
        }
        return nil
    }

    private static func padded(_ size: Int) -> Int { (size + 3) & ~3 }

    /// The little-endian unsigned number of `bytes` bytes at `offset` (0 past the end).
    private static func number(_ data: [UInt8], at offset: Int, bytes: Int) -> UInt64 {
        guard offset >= 0, offset + bytes <= data.count else { return 0 }
        var value: UInt64 = 0
        for index in (0..<bytes).reversed() { value = value << 8 | UInt64(data[offset + index]) }
        return value
    }
}
