/// A JSON value with the line and column where it starts. Foundation's JSON reader gives
/// neither for a value nor (on Linux) for a syntax error, and a diagnostic about a plugin
/// manifest must point at the path it is about, so manifests are read by this small parser.
struct LocatedJSON: Sendable {
    indirect enum Value: Sendable {
        case object([(key: String, value: LocatedJSON)])
        case array([LocatedJSON])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    var value: Value
    var line: Int
    var column: Int

    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var array: [LocatedJSON]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// "a string", "an object", ... for messages.
    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Where and why a JSON text does not parse.
struct JSONSyntaxError: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
}

/// A strict RFC 8259 reader over UTF-8 bytes that counts lines and columns as an editor shows
/// them (a column per character, not per byte). Nesting is capped so hostile input cannot
/// exhaust the stack.
struct LocatedJSONParser {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> LocatedJSON {
        var parser = LocatedJSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error("the file holds no JSON value") }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line, column: column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // continuation bytes belong to the character already counted
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> LocatedJSON {
        guard depth < Self.maximumDepth else { throw error("JSON nested more than \(Self.maximumDepth) levels deep") }
        let (startLine, startColumn) = (line, column)
        func located(_ value: LocatedJSON.Value) -> LocatedJSON { LocatedJSON(value: value, line: startLine, column: startColumn) }
        guard let byte = current else { throw error("the JSON ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            advance()
            var members: [(key: String, value: LocatedJSON)] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") { advance(); return located(.object(members)) }
            while true {
                skipWhitespace()
                if current == UInt8(ascii: "}"), !members.isEmpty { throw error("a trailing comma before `}`; JSON allows none") }
                guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected `:` after the key") }
                advance()
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                if current == UInt8(ascii: ",") { advance(); continue }
                if current == UInt8(ascii: "}") { advance(); return located(.object(members)) }
                throw error("expected `,` or `}` after a member (a trailing comma or a missing comma?)")
            }
        case UInt8(ascii: "["):
            advance()
            var items: [LocatedJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { advance(); return located(.array(items)) }
            while true {
                skipWhitespace()
                if current == UInt8(ascii: "]") { throw error("a trailing comma before `]`; JSON allows none") }
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                if current == UInt8(ascii: ",") { advance(); continue }
                if current == UInt8(ascii: "]") { advance(); return located(.array(items)) }
                throw error("expected `,` or `]` after an item")
            }
        case UInt8(ascii: "\""):
            return located(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return located(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return located(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return located(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return located(.number(try number()))
        default:
            throw error("unexpected character where a value was expected")
        }
    }

    /// `true`, `false` or `null`; a misspelling is reported where the word starts.
    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = error("unexpected character where a value was expected")
        for expected in word.utf8 {
            guard current == expected else { throw start }
            advance()
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits(_ parser: inout LocatedJSONParser) -> Int {
            var count = 0
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.advance(); count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") { advance() } else if digits(&self) == 0 { throw error("a number needs digits") }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("a number needs digits after `.`") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted string, the opening quote at `index`.
    private mutating func string() throws(JSONSyntaxError) -> String {
        advance()
        var scalars = String.UnicodeScalarView()
        var run = index  // start of the bytes not yet copied
        func flush(_ parser: LocatedJSONParser) {
            scalars.append(contentsOf: String(decoding: parser.bytes[run..<parser.index], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("a string is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self)
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self)
                advance()
                guard let escape = current else { throw error("a string is never closed") }
                advance()
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                       bytes[index + 1] == UInt8(ascii: "u") {
                        advance(); advance()
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw error("unknown escape in a string")
                }
                run = index
            case 0..<0x20:
                throw error("a control character (such as a line break) inside a string; escape it")
            default:
                advance()
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("`\\u` needs four hexadecimal digits") }
            code = code * 16 + digit
            advance()
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
