import Foundation

/// Replaces a file's bytes by writing a sibling and renaming it over the original, so a crash
/// or a full disk never leaves half a file; the original's permissions are kept.
enum AtomicFile {
    static func replace(_ link: URL, with data: Data) throws {
        // A symbolic link (the loader follows those that stay inside the root) keeps pointing at its file.
        let url = link.resolvingSymlinksInPath()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let sibling = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).skillbook-\(getpid())")
        try data.write(to: sibling)
        if let permissions = attributes[.posixPermissions] {
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: sibling.path)
        }
        guard rename(sibling.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: sibling)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
}
