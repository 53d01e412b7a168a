import Foundation

/// The first difference between two built sites, described for a test failure: a file only
/// one of them has, or the first line where a file's bytes differ.
enum SiteDifference {
    static func first(between rebuilt: String, and full: String) throws -> String? {
        let left = files(under: rebuilt), right = files(under: full)
        for path in Set(left).union(right).sorted() {
            guard left.contains(path) else { return "\(path): only in the full build" }
            guard right.contains(path) else { return "\(path): only in the rebuild" }
            let a = FileManager.default.contents(atPath: rebuilt + "/" + path) ?? Data()
            let b = FileManager.default.contents(atPath: full + "/" + path) ?? Data()
            if a != b { return "\(path) differs\n" + firstLine(a, b) }
        }
        return nil
    }

    /// The sorted relative paths of the files under `root`.
    static func files(under root: String) -> [String] {
        var result: [String] = []
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    private static func firstLine(_ rebuilt: Data, _ full: Data) -> String {
        let a = String(decoding: rebuilt, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: full, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for line in 0..<max(a.count, b.count) where line >= a.count || line >= b.count || a[line] != b[line] {
            func shown(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line].prefix(400)) : "(end of file)" }
            return "line \(line + 1):\n  rebuild: \(shown(a))\n  full:    \(shown(b))"
        }
        return "(same lines)"
    }
}
