import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook check`: the pre-publish gate for links, anchors, skill references and manifests.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check a collection's links, anchors, skill references and manifests.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "format", valueName: "FORMAT", choices: ["text", "json", "sarif", "github"],
                  help: "Output format; text by default."),
            .init(name: "strict", help: "Fail (exit 1) on warnings too, not only on errors."),
            .init(name: "spec", valueName: "MODE", choices: CheckOptions.Spec.allCases.map(\.rawValue),
                  help: "How strictly to read the Agent Skills specification; strict agrees with `agentskills validate`."),
            .init(name: "config", valueName: "FILE", help: "Configuration file (default: skillbook.yml in DIR, when it exists)."),
            .init(name: "finding-limit", valueName: "N",
                  help: "Report at most N findings of one code per file, then a note with how many more (default \(CheckOptions.defaultFindingLimit); 0 reports all)."),
        ],
        discussion: discussion)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let findingLimit = try findingLimit(arguments)
        let explicitConfig = arguments.value("config")
        let collection: ContentRoot.Collection
        do {
            collection = try ContentRoot.loadCollection(arguments.positionals.first, explicitConfig: explicitConfig, console: console)
        } catch {
            console.error("error: \(error)\n")
            return .failure
        }
        let (graph, config, configProblems) = (collection.graph, collection.config, collection.configProblems)
        let displayPath = ContentRoot.displayPath(for: graph)
        let problems = (configProblems + CheckRunner.configDiagnostics(config)).sorted()
        if !problems.isEmpty {
            // The root's skillbook.yml is named relative to the root; a --config path is shown as given.
            var text = DiagnosticText(color: console.colorOnStandardError, displayPath: displayPath)
            if explicitConfig != nil { text.displayPath = { $0 } }
            console.error(text.format(problems))
            if problems.contains(where: { $0.severity == .error }) {
                console.error("error: the configuration has errors; fix them and run again\n")
                return .failure
            }
        }
        let options = CheckOptions(spec: arguments.value("spec").flatMap(CheckOptions.Spec.init(rawValue:)) ?? .default,
                                   findingLimit: findingLimit)
        let diagnostics = CheckRunner.run(graph: graph, config: config, options: options)
        let summary = CheckSummary(diagnostics, graph: graph)
        switch arguments.value("format") ?? "text" {
        case "json":
            console.output(try JSONReport(displayPath: displayPath).render(diagnostics, summary: summary))
        case "sarif":
            console.output(try SARIFReport(toolVersion: CommandLineRunner.version, displayPath: displayPath).render(diagnostics))
        case "github":
            console.output(GitHubReport(displayPath: displayPath).render(diagnostics))
            console.error(summary.line + "\n")
        default:
            console.output(TextReport(color: console.colorOnStandardOutput, displayPath: displayPath)
                .render(diagnostics, summary: summary))
        }
        KeptUntilExit.keep(collection)
        return summary.fails(strict: arguments.has("strict")) ? .findings : .success
    }

    /// `--finding-limit N`: `nil` (no limit) for 0, the default when not given.
    private static func findingLimit(_ arguments: ParsedArguments) throws -> Int? {
        guard let text = arguments.value("finding-limit") else { return CheckOptions.defaultFindingLimit }
        guard let value = Int(text), value >= 0 else {
            throw UsageError.invalid("'--finding-limit' needs a number (0 for no limit), not '\(text)'")
        }
        return value == 0 ? nil : value
    }

    private static var discussion: String {
        var lines = [
            "Findings go to standard output, in the chosen format; a text report ends with a summary line.",
            "Configuration (skillbook.yml): external_skills, ignore globs, severity per code (off, note,",
            "warning, error), site_root. In a document, <!-- skillbook-disable-next-line CODE --> silences",
            "CODE on the next line. 'skillbook explain CODE' says what a code means and how to fix it.",
            "",
            "CODES:",
        ]
        let codes = Checks.codes
        let width = (codes.map(\.code.count).max() ?? 0) + 2
        for info in codes {
            let padded = info.code + String(repeating: " ", count: width - info.code.count)
            let severity = info.severity.rawValue + String(repeating: " ", count: 9 - info.severity.rawValue.count)
            lines.append("  \(padded)\(severity)\(info.summary)")
        }
        lines += ["", "EXIT CODES: 0 no errors, 1 errors (or warnings with --strict), 2 usage error, unreadable input or bad configuration."]
        return lines.joined(separator: "\n")
    }
}
