import SkillParser
/// JSON text for the index files and the home page's `skills.js`, written by hand so the bytes are
/// the same on every platform. `package`: the one string escaper of the project's JavaScript files.
package enum JSText {
    /// A JavaScript string literal; with `rawControls`, control characters other than line breaks
    /// are written as they are (JavaScript allows them; JSON does not), for `TextCodebook` codes.
    package static func string(_ text: String, rawControls: Bool = false, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { string(utf8: $0, rawControls: rawControls, into: &output) }
    }

    /// As `string(_:rawControls:into:)`, for text given as UTF-8.
    package static func string<Bytes: Collection<UInt8>>(utf8 bytes: Bytes, rawControls: Bool = false, into output: inout [UInt8]) {
        output.append(0x22)
        if bytes.withContiguousStorageIfAvailable({ escaped($0, rawControls: rawControls, into: &output) }) == nil {
            Array(bytes).withUnsafeBufferPointer { escaped($0, rawControls: rawControls, into: &output) }
        }
        output.append(0x22)
    }

    /// Appends the inside of a string literal of `bytes`: only ASCII and the three bytes of
    /// U+2028 and U+2029 need escaping, so the runs between them (nearly all of a text) are
    /// copied whole. Appending byte by byte, each append checking the array's uniqueness and
    /// room, was most of encoding the document rows (the index's largest files).
    package static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, rawControls: Bool, into output: inout [UInt8]) {
        var copied = 0, index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let escape: (UInt8, UInt8)?
            switch byte {
            case 0x22: escape = (0x5C, 0x22)
            case 0x5C: escape = (0x5C, 0x5C)
            case 0x0A: escape = (0x5C, 0x6E)
            case 0x0D: escape = (0x5C, 0x72)
            case 0x09: escape = (0x5C, 0x74)
            case 0xA8, 0xA9:
                // U+2028 and U+2029 end a line in older JavaScript: `\u2028`, `\u2029`.
                guard index >= 2, bytes[index - 2] == 0xE2, bytes[index - 1] == 0x80 else { index += 1; continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<(index - 2)]))
                output += Array("\\u202".utf8) + [byte == 0xA8 ? 0x38 : 0x39]
                index += 1
                copied = index
                continue
            default:
                guard byte < 0x20 && !rawControls else { index += 1; continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                output += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 15)]
                index += 1
                copied = index
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output.append(escape!.0)
            output.append(escape!.1)
            index += 1
            copied = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
    }

    static func string<Bytes: Collection<UInt8>>(utf8 bytes: Bytes, rawControls: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        string(utf8: bytes, rawControls: rawControls, into: &output)
        return output
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }

    static func string(_ text: String, rawControls: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        string(text, rawControls: rawControls, into: &output)
        return output
    }

    /// A call of the registration function that every index file makes:
    /// `skillbookSearchData("kind",number,arg,...);`
    static func call(kind: String, number: Int, arguments: [[UInt8]]) -> [UInt8] {
        call(kind: kind, identity: Array("\(number)".utf8), arguments: arguments)
    }

    /// As `call(kind:number:arguments:)` for a file that names itself (`SearchIndexFiles`).
    static func call(kind: String, name: String, arguments: [[UInt8]]) -> [UInt8] {
        call(kind: kind, identity: string(name), arguments: arguments)
    }

    private static func call(kind: String, identity: [UInt8], arguments: [[UInt8]]) -> [UInt8] {
        var output = Array("skillbookSearchData(".utf8)
        string(kind, into: &output)
        output.append(0x2C)
        output += identity
        for argument in arguments {
            output.append(0x2C)
            output += argument
        }
        output += Array(");\n".utf8)
        return output
    }

    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var output: [UInt8] = []
        array(items.count, into: &output) { index, output in output += items[index] }
        return output
    }

    /// `[item,item,...]` with each item appended in place by `item(index, &output)`.
    package static func array(_ count: Int, into output: inout [UInt8], item: (Int, inout [UInt8]) -> Void) {
        output.append(0x5B)
        for index in 0..<count {
            if index > 0 { output.append(0x2C) }
            item(index, &output)
        }
        output.append(0x5D)
    }
}
