import Foundation
import Testing
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// Text colours of the default stylesheet against the backgrounds they sit on, in both themes:
/// at least 4.5:1 (WCAG AA for body text).
@Suite struct ThemeContrastTests {
    /// (text, background) custom properties that meet on a page.
    static let pairs: [(String, String)] = {
        var pairs: [(String, String)] = []
        for text in ["--text", "--muted", "--link", "--link-visited", "--broken"] {
            for background in ["--bg", "--bg-soft", "--bg-raised", "--mark"] { pairs.append((text, background)) }
        }
        for token in ["keyword", "string", "comment", "number", "title", "type", "attr", "literal"] {
            pairs.append(("--tok-\(token)", "--code-bg"))
        }
        for severity in ["error", "warning", "note"] {
            pairs.append(("--badge-\(severity)-text", "--badge-\(severity)-bg"))
        }
        return pairs
    }()

    @Test(arguments: ["light", "dark"])
    func textColoursMeetFourPointFiveToOne(theme: String) throws {
        let css = String(decoding: try #require(Theme.standard.files["assets/site.css"]), as: UTF8.self)
        let light = Self.properties(in: try #require(Self.block(after: ":root {", in: css)))
        let dark = light.merging(Self.properties(in: try #require(Self.block(after: ":root[data-theme=\"dark\"] {", in: css)))) { $1 }
        let colours = theme == "light" ? light : dark
        for (text, background) in Self.pairs {
            let foreground = try #require(colours[text], "\(text) is not defined")
            let behind = try #require(colours[background], "\(background) is not defined")
            let ratio = Self.contrast(foreground, behind)
            #expect(ratio >= 4.5, "\(theme): \(text) \(foreground) on \(background) \(behind) is \(ratio):1")
        }
    }

    @Test func bothWaysToChooseDarkAgree() throws {
        let css = String(decoding: try #require(Theme.standard.files["assets/site.css"]), as: UTF8.self)
        let chosen = Self.properties(in: try #require(Self.block(after: ":root[data-theme=\"dark\"] {", in: css)))
        let system = Self.properties(in: try #require(Self.block(after: ":root:not([data-theme=\"light\"]) {", in: css)))
        #expect(chosen == system)
    }

    static func block(after opening: String, in css: String) -> String? {
        guard let start = css.range(of: opening) else { return nil }
        guard let end = css[start.upperBound...].firstIndex(of: "}") else { return nil }
        return String(css[start.upperBound..<end])
    }

    /// `--name: #rrggbb` declarations of a block.
    static func properties(in block: String) -> [String: String] {
        var result: [String: String] = [:]
        for declaration in block.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#"), parts[1].count == 7 {
                result[parts[0]] = parts[1]
            }
        }
        return result
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (first, second) = (luminance(a), luminance(b))
        return ((max(first, second) + 0.05) / (min(first, second) + 0.05) * 100).rounded() / 100
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
}
