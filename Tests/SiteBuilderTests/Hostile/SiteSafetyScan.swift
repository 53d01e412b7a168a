import Foundation
@testable import SiteBuilder

/// Looks through every page and search file of a built site for active content that the theme
/// did not put there: script elements, event-handler attributes, and `javascript:`-like URLs.
/// The theme's own scripts are known by their `src` (under `assets/`) and its inline script
/// by its exact text, so anything else is a finding.
enum SiteSafetyScan {
    struct Finding: CustomStringConvertible, Sendable {
        var file: String
        var what: String
        var description: String { "\(file): \(what)" }
    }

    /// Files the scan reads: pages, and the text and JSON files the search and agents read.
    static let scannedExtensions: Set<String> = ["html", "htm", "xhtml", "svg", "xml", "json", "js", "txt", "md"]
    /// The theme's own files (and highlight.js), which may hold script; the theme's tests cover them.
    static let themeFiles = Set(Theme.standard.assets.map(\.path) + ["assets/highlight.min.js"])

    static func scan(site folder: String) -> [Finding] {
        var findings: [Finding] = []
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        for case let url as URL in enumerator {
            let path = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))
            let ext = url.pathExtension.lowercased()
            guard !themeFiles.contains(path) else { continue }
            // A published file that a browser would run as a document, other than our pages and sitemap.
            if ["htm", "xhtml", "svg", "svgz", "xml", "shtml", "xht", "xsl", "xslt", "mht", "mhtml"].contains(ext), path != "sitemap.xml" {
                findings.append(Finding(file: path, what: "active file type published"))
            }
            guard scannedExtensions.contains(ext),
                  let data = FileManager.default.contents(atPath: url.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if ext == "html" {
                findings += scanPage(text, file: path)
            } else if ext == "json" || ext == "js" {
                // Search data is inserted into pages by our script as text; still, raw markup in it is a smell.
                if text.range(of: "<script", options: .caseInsensitive) != nil, path.hasPrefix("search/") {
                    findings.append(Finding(file: path, what: "script element in search data"))
                }
            }
        }
        return findings.sorted { $0.description < $1.description }
    }

    /// Findings in one HTML page.
    static func scanPage(_ html: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        let lowered = html.lowercased()
        // Script elements: only the theme's, by src under assets/, or JSON data blocks.
        var searchStart = lowered.startIndex
        while let open = lowered.range(of: "<script", range: searchStart..<lowered.endIndex) {
            let tagEnd = lowered[open.upperBound...].firstIndex(of: ">") ?? lowered.endIndex
            let tag = String(lowered[open.lowerBound..<tagEnd])
            let allowed = tag.contains("src=\"") && tag.range(of: #"src="(\.\./)*assets/[a-z.-]+\.js""#, options: .regularExpression) != nil
                || tag.contains("type=\"application/json\"") || tag.contains("type=\"application/ld+json\"")
            if !allowed { findings.append(Finding(file: file, what: "script element \(tag)>")) }
            searchStart = tagEnd
        }
        // Event handlers: ` on...=` inside a tag.
        if let match = lowered.range(of: #"<[a-z][^>]*\son[a-z]+\s*="#, options: .regularExpression) {
            findings.append(Finding(file: file, what: "event handler in \(lowered[match].suffix(80))"))
        }
        // Dangerous URLs in attributes.
        if let match = lowered.range(of: #"(href|src|action|formaction|xlink:href|srcdoc)\s*=\s*"\s*(javascript|vbscript|data:text|data:application)"#,
                                      options: .regularExpression) {
            findings.append(Finding(file: file, what: "dangerous URL \(lowered[match])"))
        }
        if let match = lowered.range(of: #"<(iframe|object|embed|base|meta http-equiv="refresh")"#, options: .regularExpression) {
            findings.append(Finding(file: file, what: "element \(lowered[match])"))
        }
        return findings
    }
}
