import SkillParser
import SkillDuplicates
/// Reads attribute values out of raw HTML without a full HTML parser.
enum HTMLAttributes {
    /// Values of the named attributes (case-insensitive names) in every tag of `html`.
    static func values(of names: Set<String>, in html: String) -> [String] {
        var result: [String] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            // An attribute name starts after whitespace inside a tag; match it case-insensitively.
            guard scalars[index].properties.isWhitespace else { index += 1; continue }
            index += 1
            var nameEnd = index
            while nameEnd < scalars.count, isNameCharacter(scalars[nameEnd]) { nameEnd += 1 }
            let name = String(String.UnicodeScalarView(scalars[index..<nameEnd])).lowercased()
            var cursor = nameEnd
            while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
            guard names.contains(name), cursor < scalars.count, scalars[cursor] == "=" else {
                index = max(nameEnd, index)
                continue
            }
            cursor += 1
            while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
            guard cursor < scalars.count else { break }
            let quote = scalars[cursor]
            var valueStart = cursor, valueEnd = cursor
            if quote == "\"" || quote == "'" {
                valueStart = cursor + 1
                valueEnd = valueStart
                while valueEnd < scalars.count, scalars[valueEnd] != quote { valueEnd += 1 }
            } else {
                while valueEnd < scalars.count, !scalars[valueEnd].properties.isWhitespace, scalars[valueEnd] != ">" {
                    valueEnd += 1
                }
            }
            let value = String(String.UnicodeScalarView(scalars[valueStart..<min(valueEnd, scalars.count)]))
            if !value.isEmpty { result.append(value) }
            index = valueEnd + 1
        }
        return result
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "-" || scalar == "_" || ("0"..."9").contains(scalar)
    }
}
