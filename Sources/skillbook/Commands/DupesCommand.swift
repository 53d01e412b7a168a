import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook dupes`: the rules a collection states more than once.
enum DupesCommand: Command {
    static let spec = CommandSpec(
        name: "dupes",
        summary: "Find rules that a collection states twice: exact, near and boilerplate duplicates.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format; text by default."),
            .init(name: "threshold", valueName: "X",
                  help: "Similarity (0-1, Jaccard of word shingles) from which rules are near duplicates; default \(DuplicateOptions().threshold)."),
            .init(name: "sentence-threshold", valueName: "X",
                  help: "Similarity from which a rule counts as restated inside another or two rules share a sentence; default \(DuplicateOptions().sentenceThreshold)."),
            .init(name: "min-words", valueName: "N", help: "Ignore rules shorter than N words; default \(DuplicateOptions().minWords)."),
            .init(name: "fail-on-duplicates", help: "Exit 1 when a cluster that is not boilerplate spans two or more skills."),
            .init(name: "verbose", short: "v", help: "Print each step's time and counts to standard error."),
        ],
        discussion: """
            A rule is a list item's own text or a paragraph that opens with bold text. Rules match when
            they are the same after normalisation (exact), similar as a whole (near), when one is restated
            as a sentence of the other (contained), or when they share a sentence (shared-sentence).
            A cluster found in a large share of the skills is reported once, as boilerplate.
            Files that cannot be read are reported on standard error; see docs/dupes.md.

            EXIT CODES: 0 success, 1 duplicates found with --fail-on-duplicates, 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let options = try options(from: arguments)
        guard let graph = ContentRoot.load(arguments.positionals.first, console: console) else { return .failure }
        ContentRoot.report(graph.diagnostics.filter { $0.severity == .error }, of: graph, console: console)
        let (clusters, statistics) = DuplicateFinder(options: options).run(in: graph)
        if arguments.has("verbose") {
            console.error(statistics.lines.joined(separator: "\n") + "\n")
        }
        switch arguments.value("format") ?? "text" {
        case "json":
            console.output(String(decoding: try DuplicateReportJSON.encode(clusters, options: options), as: UTF8.self) + "\n")
        default:
            console.output(DuplicateReportText(displayPath: ContentRoot.displayPath(for: graph)).format(clusters))
        }
        let failing = clusters.contains(where: \.isCrossSkillDuplicate)
        return arguments.has("fail-on-duplicates") && failing ? .findings : .success
    }

    static func options(from arguments: ParsedArguments) throws(UsageError) -> DuplicateOptions {
        var options = DuplicateOptions()
        options.threshold = try similarity("threshold", arguments) ?? options.threshold
        options.sentenceThreshold = try similarity("sentence-threshold", arguments) ?? options.sentenceThreshold
        if let text = arguments.value("min-words") {
            guard let value = Int(text), value >= 1 else {
                throw .invalid("'\(text)' is not a valid value for '--min-words'; give a whole number of at least 1")
            }
            options.minWords = value
        }
        return options
    }

    private static func similarity(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), value > 0, value <= 1 else {
            throw .invalid("'\(text)' is not a valid value for '--\(name)'; give a number above 0 and at most 1, such as 0.6")
        }
        return value
    }
}
