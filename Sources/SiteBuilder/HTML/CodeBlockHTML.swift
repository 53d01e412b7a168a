import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A code block: a header with the language and a copy button (shown by the script), then the
/// code. Highlighting happens in the browser; without JavaScript the code reads as plain text.
enum CodeBlockHTML {
    /// Writes the block's HTML at the end of a page's UTF-8 bytes.
    static func render(_ block: CodeBlock, strings: InterfaceStrings = .english, into html: inout [UInt8]) {
        let language = block.language.map(sanitizedLanguage) ?? ""
        html.appendUTF8("<div class=\"code-block\">\n<div class=\"code-header\">")
        if language.isEmpty {
            html.appendUTF8("<span class=\"code-language\"></span>")
        } else {
            html.appendUTF8("<span class=\"code-language\">")
            html.appendHTMLEscaped(language)
            html.appendUTF8("</span>")
        }
        // The script's messages after a click come with the button, in the page's language.
        html.appendUTF8("<button type=\"button\" class=\"copy-button\" data-copied=\"")
        html.appendHTMLEscaped(strings["copied"])
        html.appendUTF8("\" data-press=\"")
        html.appendHTMLEscaped(strings["pressToCopy"])
        html.appendUTF8("\" hidden>")
        html.appendHTMLEscaped(strings["copy"])
        html.appendUTF8("</button></div>\n<pre tabindex=\"0\"><code")
        if !language.isEmpty {
            html.appendUTF8(" class=\"language-")
            html.appendHTMLEscaped(language.lowercased())
            html.appendUTF8("\"")
        }
        html.appendUTF8(">")
        html.appendHTMLEscaped(block.code)
        html.appendUTF8("</code></pre>\n</div>\n")
    }

    /// The language word limited to characters a class name and a label can hold safely.
    static func sanitizedLanguage(_ language: String) -> String {
        // ASCII without a carriage return (which pairs with a line feed into one character) is
        // one character per byte: kept bytes are the kept characters, found without Foundation's
        // character classes (a third of a code block's time).
        if language.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            return String(decoding: language.utf8.prefix(40).filter(isKeptASCII), as: UTF8.self)
        }
        return String(language.prefix(40).filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+-_.#".contains($0)) })
    }

    /// A letter, a digit or one of `+-_.#`.
    private static func isKeptASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "#"): true
        default: false
        }
    }
}
