import SkillParser
/// JSON text for the index files, written by hand so the bytes are the same on every platform.
enum JSText {
    /// A JavaScript string literal; with `rawControls`, control characters other than line breaks
    /// are written as they are (JavaScript allows them; JSON does not), for `TextCodebook` codes.
    static func string(_ text: String, rawControls: Bool = false, into output: inout [UInt8]) {
        output.append(0x22)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array("\\\"".utf8)
            case "\\": output += Array("\\\\".utf8)
            case "\n": output += Array("\\n".utf8)
            case "\r": output += Array("\\r".utf8)
            case "\t": output += Array("\\t".utf8)
            case "\u{2028}", "\u{2029}": output += Array("\\u\(String(scalar.value, radix: 16))".utf8)
            default:
                if scalar.value < 0x20 && !rawControls {
                    let hex = String(scalar.value, radix: 16)
                    output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    output += Array(String(scalar).utf8)
                }
            }
        }
        output.append(0x22)
    }

    static func string(_ text: String, rawControls: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        string(text, rawControls: rawControls, into: &output)
        return output
    }

    /// A call of the registration function that every index file makes:
    /// `skillbookSearchData("kind",number,arg,...);`
    static func call(kind: String, number: Int, arguments: [[UInt8]]) -> [UInt8] {
        var output = Array("skillbookSearchData(".utf8)
        string(kind, into: &output)
        output += Array(",\(number)".utf8)
        for argument in arguments {
            output.append(0x2C)
            output += argument
        }
        output += Array(");\n".utf8)
        return output
    }

    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var output: [UInt8] = [0x5B]
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(0x2C) }
            output += item
        }
        output.append(0x5D)
        return output
    }
}
