import Foundation
import SkillSearch
import SkillParser
import SkillChecks
import SkillDuplicates

/// `skillbook search`: the site's search ranking in a terminal.
enum SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        summary: "Search a collection or a built site, ranked as the site's search box ranks.",
        positionals: [
            .init(name: "QUERY", help: "The words to look for.", optional: false),
            .init(name: "DIR", help: "The content root to index (default: Content/ when it exists, else the current folder)."),
        ],
        options: [
            .init(name: "site", valueName: "DIR", help: "Read the index of a built site (DIR/search/) instead of indexing a collection."),
            .init(name: "limit", short: "n", valueName: "N", help: "Pages to show; 10 by default."),
            .init(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format; text by default."),
        ],
        discussion: """
            Each result is a page with its best-matching section: the section's URL (relative to the
            site root), the skill, and the text around the words found. The query's last word counts as
            a prefix unless the query ends with a space, as in the search box.

            EXAMPLES:
              skillbook search "touch target" Content
              skillbook search sensoryFeedback --site _site

            EXIT CODES: 0 results found, 1 nothing found, 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let query = arguments.positionals[0]
        var limit = 10
        if let text = arguments.value("limit") {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("'--limit' needs a positive number, not '\(text)'") }
            limit = value
        }
        let index: SearchIndex
        if let site = arguments.value("site") {
            if arguments.positionals.count > 1 { throw UsageError.invalid("give either '--site DIR' or a content folder, not both") }
            let folder = URL(fileURLWithPath: site).appendingPathComponent(SearchIndexFiles.folder)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(SearchIndexFiles.entry).path) else {
                console.error("error: \(site): no search index (\(SearchIndexFiles.folder)/\(SearchIndexFiles.entry)); build the site with 'skillbook build' first\n")
                return .failure
            }
            do {
                index = try SearchIndexReader.read(from: folder)
            } catch {
                console.error("error: \(site)/search: \(error)\n")
                return .failure
            }
        } else {
            guard let graph = ContentRoot.load(arguments.positionals.dropFirst().first, console: console) else { return .failure }
            index = SearchIndexBuilder.build(graph: graph)
        }
        let response = SearchEngine(index: index).search(query, options: SearchOptions(limit: limit))
        if arguments.value("format") == "json" {
            console.output(SearchResponseJSON.encode(response, query: query) + "\n")
        } else {
            console.output(SearchResponseText(color: console.colorOnStandardOutput).format(response, query: query))
        }
        return response.results.isEmpty ? .findings : .success
    }
}
