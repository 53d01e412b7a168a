import Foundation
import Testing
import TestSupport
@testable import SkillParser

/// The caches' key (`ToolDigest`) reads a program's GNU build ID instead of digesting the whole file.
@Suite struct ExecutableIdentityTests {
    /// A minimal 64-bit little-endian ELF file: the header, one PT_NOTE program header, and its
    /// notes (an unrelated note first, then the build ID when there is one).
    static func elf(buildID: [UInt8]?) -> [UInt8] {
        func le(_ value: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
        func note(type: UInt64, name: String, descriptor: [UInt8]) -> [UInt8] {
            var name = Array(name.utf8) + [0]
            let nameSize = name.count
            while name.count % 4 != 0 { name.append(0) }
            var descriptor = descriptor
            let descriptorSize = descriptor.count
            while descriptor.count % 4 != 0 { descriptor.append(0) }
            return le(UInt64(nameSize), 4) + le(UInt64(descriptorSize), 4) + le(type, 4) + name + descriptor
        }
        var notes = note(type: 1, name: "GNU", descriptor: [0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0])
        if let buildID { notes += note(type: 3, name: "GNU", descriptor: buildID) }
        var header: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + Array(repeating: 0, count: 9)
        header += le(2, 2) + le(62, 2) + le(1, 4) + le(0, 8)
        header += le(64, 8) + le(0, 8) + le(0, 4) + le(64, 2) + le(56, 2) + le(1, 2)
        header += Array(repeating: 0, count: 64 - header.count)
        let notesOffset = 64 + 56
        let program = le(4, 4) + le(4, 4) + le(UInt64(notesOffset), 8) + le(0, 8) + le(0, 8)
            + le(UInt64(notes.count), 8) + le(UInt64(notes.count), 8) + le(4, 8)
        return header + program + notes
    }

    static func reader(_ bytes: [UInt8]) -> (Int, Int) -> [UInt8]? {
        { offset, count in offset >= 0 && offset + count <= bytes.count ? Array(bytes[offset..<offset + count]) : nil }
    }

    @Test func findsTheBuildIDAmongTheNotes() {
        let id: [UInt8] = (1...20).map { UInt8($0) }
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(Self.elf(buildID: id))) == id)
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(Self.elf(buildID: nil))) == nil)
    }

    @Test func refusesWhatIsNotAnELFFileOrIsCutShort() {
        let file = Self.elf(buildID: [9, 9, 9, 9])
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(Array("#!/bin/sh\necho hello\n".utf8))) == nil)
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(Array(file.prefix(100)))) == nil)
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(Array(file.dropLast(4)))) == nil)
        // A note whose descriptor runs past the end of its notes.
        var overlong = file
        overlong[overlong.count - 8] = 0xFF
        #expect(ExecutableIdentity.gnuBuildID(Self.reader(overlong)) == nil)
    }

    @Test func identifiesByBuildIDOrElseByTheWholeFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillbook-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func identity(_ bytes: [UInt8]) throws -> ContentHash? {
            let file = folder.appendingPathComponent(UUID().uuidString)
            try Data(bytes).write(to: file)
            return ExecutableIdentity.of(path: file.path)
        }
        let one = Self.elf(buildID: [1, 2, 3, 4])
        // Same build ID, other bytes elsewhere: the same program as far as the cache knows.
        #expect(try identity(one) == identity(one + [0]))
        #expect(try identity(one) != identity(Self.elf(buildID: [1, 2, 3, 5])))
        // Without a build ID, every byte counts.
        let plain = Self.elf(buildID: nil)
        #expect(try identity(plain) != nil)
        #expect(try identity(plain) != identity(plain + [0]))
        #expect(ExecutableIdentity.of(path: folder.appendingPathComponent("missing").path) == nil)
    }

    /// The build ID read from the skillbook program is the one `readelf` prints (when installed).
    @Test func readsTheSameBuildIDAsReadelf() throws {
        guard let readelf = TestPaths.executable(named: "readelf") else { return }
        let binary = TestPaths.skillbookBinary.path
        guard FileManager.default.fileExists(atPath: binary) else { return }
        let printed = try runProcess(readelf, ["-n", binary]).stdout
        guard let line = printed.split(separator: "\n").first(where: { $0.contains("Build ID:") }) else { return }
        let expected = String(line.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        let id = ExecutableIdentity.gnuBuildID(atPath: binary)
        #expect(id?.map { String(format: "%02x", $0) }.joined() == expected)
    }
}
