extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`.
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` written as HTML character references.
    /// Works on bytes: those five are ASCII, so they never occur inside a multi-byte character.
    mutating func appendHTMLEscaped(_ text: String) {
        var text = text
        text.withUTF8 { appendHTMLEscaped($0) }
    }

    /// The same for text given as its UTF-8 bytes.
    mutating func appendHTMLEscaped(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { appendHTMLEscaped($0) }
    }

    private mutating func appendHTMLEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0 ..< bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< index]))
            append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
