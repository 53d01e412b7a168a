import Foundation
@testable import SkillSearch

/// Walks a built site and checks that every internal `href`, `src` and `action` leads to a file
/// that exists and that every `#anchor` is an id of the page it points into.
struct SiteLinkChecker {
    let root: String
    private var ids: [String: Set<String>] = [:]

    init(root: String) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Problems as `page: href (why)`; empty when every link resolves.
    mutating func problems(skipping skipped: Set<String> = ["404.html"]) -> [String] {
        var result: [String] = []
        for page in SiteFixtures.files(in: root) where page.hasSuffix(".html") && !skipped.contains(page) {
            guard let html = try? String(contentsOfFile: root + "/" + page, encoding: .utf8) else {
                result.append("\(page): cannot read"); continue
            }
            for link in Self.links(in: html) {
                if let problem = check(link, on: page) { result.append("\(page): \(link) (\(problem))") }
            }
        }
        return result
    }

    /// Count of internal links checked, for tests that want to see the walker did work.
    static func internalLinks(in html: String) -> [String] {
        links(in: html).filter { !isExternal($0) }
    }

    private mutating func check(_ link: String, on page: String) -> String? {
        if Self.isExternal(link) { return nil }
        var path = link
        var fragment: String?
        if let hash = link.firstIndex(of: "#") {
            fragment = String(link[link.index(after: hash)...]).removingPercentEncoding
            path = String(link[..<hash])
        }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        guard let decoded = path.removingPercentEncoding else { return "bad percent-encoding" }
        let folder = (page as NSString).deletingLastPathComponent
        var target = page
        if !decoded.isEmpty {
            let joined = URL(fileURLWithPath: root + "/" + (folder.isEmpty ? "" : folder + "/") + decoded).standardizedFileURL.path
            guard joined.hasPrefix(root + "/") else { return "leaves the site" }
            target = String(joined.dropFirst(root.count + 1))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + target, isDirectory: &isFolder) else { return "no such file" }
        if isFolder.boolValue { return "a folder, not a page" }
        if let fragment, !fragment.isEmpty {
            guard target.hasSuffix(".html") else { return nil }
            if !ids(of: target).contains(fragment) { return "no id \(fragment) in \(target)" }
        }
        return nil
    }

    private mutating func ids(of page: String) -> Set<String> {
        if let known = ids[page] { return known }
        let html = (try? String(contentsOfFile: root + "/" + page, encoding: .utf8)) ?? ""
        let found = Set(Self.attributeValues("id", in: html))
        ids[page] = found
        return found
    }

    private static func isExternal(_ link: String) -> Bool {
        link.hasPrefix("//") || link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
    }

    static func links(in html: String) -> [String] {
        ["href", "src", "action"].flatMap { attributeValues($0, in: html) }
    }

    static func attributeValues(_ name: String, in html: String) -> [String] {
        var result: [String] = []
        var rest = html[...]
        let needle = " \(name)=\""
        while let range = rest.range(of: needle) {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            result.append(unescape(String(after[..<end])))
            rest = after[after.index(after: end)...]
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
