import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// A code block: a header with the language and a copy button (shown by the script), then the
/// code. Highlighting happens in the browser; without JavaScript the code reads as plain text.
enum CodeBlockHTML {
    static func render(_ block: CodeBlock, strings: InterfaceStrings = .english) -> String {
        let language = block.language.map(sanitizedLanguage) ?? ""
        var html = "<div class=\"code-block\">\n<div class=\"code-header\">"
        html += language.isEmpty ? "<span class=\"code-language\"></span>"
            : "<span class=\"code-language\">\(language.htmlEscaped)</span>"
        // The script's messages after a click come with the button, in the page's language.
        html += "<button type=\"button\" class=\"copy-button\" data-copied=\"\(strings["copied"].htmlEscaped)\" "
            + "data-press=\"\(strings["pressToCopy"].htmlEscaped)\" hidden>\(strings["copy"].htmlEscaped)</button></div>\n"
        let classes = language.isEmpty ? "" : " class=\"language-\(language.lowercased().htmlEscaped)\""
        html += "<pre tabindex=\"0\"><code\(classes)>\(block.code.htmlEscaped)</code></pre>\n</div>\n"
        return html
    }

    /// The language word limited to characters a class name and a label can hold safely.
    static func sanitizedLanguage(_ language: String) -> String {
        String(language.prefix(40).filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+-_.#".contains($0)) })
    }
}
