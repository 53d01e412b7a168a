/// Arrays of strings as JSON, byte for byte as Foundation's `JSONSerialization` writes them with
/// `.withoutEscapingSlashes` (the bytes `skills.js` has always had): `"` and `\` escaped, the
/// control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx` (lower-case hex), everything
/// else as its UTF-8, no spaces. Written by hand because `JSONSerialization` boxes every value.
enum JSONStrings {
    static func array(_ strings: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            self.string(string, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    static func string(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0..<0x20: output += Array("\\u00".utf8) + [hex(byte >> 4), hex(byte & 15)]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hex(_ digit: UInt8) -> UInt8 {
        digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
    }
}
