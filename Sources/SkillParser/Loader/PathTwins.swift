/// Paths that the disk keeps apart but that Skillbook, a browser or another disk would take for
/// one: names that differ only in Unicode normalisation (`é` as one code point or as `e` and a
/// combining accent; Swift strings compare them equal, so one would silently replace the other),
/// and names that differ only in case (one file on macOS and Windows disks).
enum PathTwins {
    /// Removes the later of each pair of normalisation twins from `paths` (sorted), and reports
    /// every pair of twins with both names.
    static func separate(_ paths: [String]) -> (kept: [String], diagnostics: [Diagnostic]) {
        var kept: [String] = []
        var diagnostics: [Diagnostic] = []
        // Swift's String equality is canonical equivalence. The tables are sized once and the
        // lower-case forms made on all cores: at 10,000 synthetic skills (35,000 paths) this was
        // ~50 ms of the load step's main thread.
        var byCanonical: [String: String] = Dictionary(minimumCapacity: paths.count)
        var byFolded: [String: String] = Dictionary(minimumCapacity: paths.count)
        let foldedPaths = Parallel.map(paths.count, minimumChunk: 256) { paths[$0].lowercased() }
        for (path, folded) in zip(paths, foldedPaths) {
            if let first = byCanonical[path] {
                diagnostics.append(Diagnostic(
                    .error, code: "path-twins",
                    "`\(path.escapingNonASCII)` and `\(first.escapingNonASCII)` differ only in Unicode normalisation; only the first was read",
                    at: SourceLocation(file: path, line: 1), notes: [DiagnosticNote("the name read", at: SourceLocation(file: first, line: 1))],
                    suggestion: "keep one of the two, saved with the same characters (NFC)"))
                continue
            }
            byCanonical[path] = path
            if let first = byFolded[folded] {
                diagnostics.append(Diagnostic(
                    .error, code: "path-twins",
                    "`\(path)` and `\(first)` differ only in case; on macOS and Windows disks, and in many sites, they are one file",
                    at: SourceLocation(file: path, line: 1), notes: [DiagnosticNote("the other name", at: SourceLocation(file: first, line: 1))],
                    suggestion: "rename one of them"))
            } else {
                byFolded[folded] = path
            }
            kept.append(path)
        }
        return (kept, diagnostics)
    }
}

extension String {
    /// Non-ASCII scalars as `\u{E9}`, so that two names that look the same show how they differ.
    var escapingNonASCII: String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isASCII { result.unicodeScalars.append(scalar) } else { result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
        }
        return result
    }
}
