import Foundation

// embed-theme TEMPLATES OUTPUT: writes the Swift source of `EmbeddedTheme.files`, every file of
// TEMPLATES (hidden ones left out) by its relative path, as raw string literals. Run by the
// EmbedTheme build-tool plugin; the output is the same bytes for the same files.

// Everything runs in a function so that its values are released before the process ends: built
// with AddressSanitizer (`make sanitize`), top-level values still held at exit were reported as
// leaks, the tool failed, and the build with it whenever the output file already existed.
func embedTheme() {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 else {
        FileHandle.standardError.write(Data("usage: embed-theme TEMPLATES OUTPUT\n".utf8))
        exit(2)
    }
    let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
    let output = URL(fileURLWithPath: arguments[2])

    var paths: [String] = []
    if let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                       options: [.skipsHiddenFiles]) {
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1)))
        }
    }
    paths.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }

    var source = "// Generated at build time by the EmbedTheme plugin from Templates/. Do not edit.\n\n"
    source += "enum EmbeddedTheme {\n    /// Theme files by path relative to Templates/.\n    static let files: [String: String] = [\n"
    for path in paths {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
              let text = String(data: data, encoding: .utf8) else {
            FileHandle.standardError.write(Data("embed-theme: Templates/\(path) is not UTF-8 text\n".utf8))
            exit(1)
        }
        // Enough `#` that nothing in the file ends the raw literal or reads as an escape.
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        let escapedPath = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        // A multi-line literal drops the newline before its closing delimiter; the extra one keeps
        // the text ending exactly as the file does. Carriage returns would be normalised, so they
        // are written as escapes on a line of their own literal.
        if text.contains("\r") {
            let escaped = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\\": "\\\\"
                case "\"": "\\\""
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default: String(scalar)
                }
            }.joined()
            source += "        \"\(escapedPath)\": \"\(escaped)\",\n"
        } else {
            source += "        \"\(escapedPath)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
        }
    }
    source += "    ]\n}\n"

    let existing = FileManager.default.contents(atPath: output.path)
    if existing != Data(source.utf8) {
        do {
            try Data(source.utf8).write(to: output, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("embed-theme: cannot write \(output.path): \(error)\n".utf8))
            exit(1)
        }
    }
}

embedTheme()
