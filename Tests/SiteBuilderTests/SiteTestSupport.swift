import Foundation
import SkillParser
import Testing
import TestSupport
@testable import SkillChecks
@testable import SkillDuplicates
@testable import SkillSearch
@testable import SiteBuilder

/// The fixture collection of the site tests, and helpers to build and inspect sites.
enum SiteFixtures {
    static let folder = TestPaths.repository.appendingPathComponent("Tests/SiteBuilderTests/SiteFixtures")
    static let collection = folder.appendingPathComponent("collection")
    static let golden = folder.appendingPathComponent("golden")

    /// A fresh temporary folder path (not created).
    static func temporaryPath(_ name: String = "site") -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("skillbook-site-\(UUID().uuidString)").appendingPathComponent(name).path
    }

    /// Removes the temporary folder that holds `path`, a path from `temporaryPath`.
    static func removeTemporary(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// Builds the collection at `root` into `output`, without highlight.js so results do not
    /// depend on the machine; `reuse: false` is `--full`.
    @discardableResult
    static func build(_ root: String, into output: String, theme: Theme = .standard, force: Bool = false, reuse: Bool = true,
                      diagnostics: [Diagnostic]? = nil, duplicates: [DuplicateGroup]? = nil) throws -> SiteBuilder.Summary {
        let config = CollectionConfig.load(root: root).0
        let graph = try CollectionLoader.load(root: root, config: config)
        var log = StepLog(total: SiteBuilder.steps.count)
        let input = SiteInput(graph: graph, config: config, diagnostics: diagnostics, duplicates: duplicates)
        return try SiteBuilder.build(input, options: SiteOptions(output: output, theme: theme, force: force, highlightScript: nil, reuse: reuse),
                                     log: &log)
    }

    /// Every file under `folder`, relative and sorted.
    static func files(in folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [String] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            result.append(String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1)))
        }
        return result.sorted()
    }

    static func read(_ folder: String, _ path: String) throws -> String {
        try String(contentsOfFile: (folder as NSString).appendingPathComponent(path), encoding: .utf8)
    }
}

/// Golden files: the expected text lives beside the tests; `SKILLBOOK_RECORD_GOLDEN=1` rewrites it.
enum Golden {
    static var recording: Bool { ProcessInfo.processInfo.environment["SKILLBOOK_RECORD_GOLDEN"] == "1" }

    static func check(_ actual: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = SiteFixtures.golden.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name); run with SKILLBOOK_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let diff = LineDiff.describe(expected: expected, actual: actual)
            Issue.record("\(name) differs from its golden file (- expected, + actual; SKILLBOOK_RECORD_GOLDEN=1 re-records):\n\(diff)",
                         sourceLocation: sourceLocation)
        }
    }
}

/// A readable line diff: the changed lines with their numbers and a little context.
enum LineDiff {
    static func describe(expected: String, actual: String, context: Int = 2, limit: Int = 60) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var script: [(Character, Int, String)] = []  // (" ", "-", "+"), line number, text
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                script.append((" ", i + 1, old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                script.append(("-", i + 1, old[i])); i += 1
            } else {
                script.append(("+", j + 1, new[j])); j += 1
            }
        }
        let changed = script.indices.filter { script[$0].0 != " " }
        var shown = Set<Int>()
        for index in changed { for k in max(0, index - context)...min(script.count - 1, index + context) { shown.insert(k) } }
        var lines: [String] = []
        var last = -2
        for index in shown.sorted() {
            if index != last + 1 { lines.append("@@") }
            let (mark, number, text) = script[index]
            lines.append("\(mark)\(String(number).spacePadded(to: 5)) \(text)")
            last = index
        }
        if lines.count > limit { lines = Array(lines.prefix(limit)) + ["... \(lines.count - limit) more lines"] }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func spacePadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
