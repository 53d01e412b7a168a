import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook graph`: the typed skill graph as JSON or DOT.
enum GraphCommand: Command {
    static let spec = CommandSpec(
        name: "graph",
        summary: "Print the skill graph of a collection as JSON or Graphviz DOT.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "format", valueName: "FORMAT", choices: ["json", "dot"], help: "Output format; json by default."),
        ],
        discussion: """
            Problems found while loading go to standard error as 'path:line:column: warning: message [code]';
            standard output carries only the graph.

            EXIT CODES: 0 success, 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let graph = ContentRoot.load(arguments.positionals.first, console: console) else { return .failure }
        ContentRoot.report(graph.diagnostics, of: graph, console: console)
        switch arguments.value("format") ?? "json" {
        case "dot":
            console.output(GraphDOT.render(graph))
        default:
            console.output(String(decoding: try GraphJSON.encode(graph), as: UTF8.self) + "\n")
        }
        return .success
    }
}
