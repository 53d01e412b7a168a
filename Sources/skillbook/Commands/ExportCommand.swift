import Foundation
import SiteBuilder
import SkillParser

/// `skillbook export`: the collection in the forms agent runtimes and tools load.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        summary: "Print the collection for agents: an <available_skills> prompt, a JSON catalog or llms.txt.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "format", valueName: "FORMAT", choices: ["prompt", "json", "llms"], help: "What to print; prompt by default."),
            .init(name: "config", valueName: "FILE", help: "Read this configuration instead of DIR/skillbook.yml (title, description, base_url for llms)."),
        ],
        discussion: """
            prompt  the <available_skills> block agent runtimes load: name, description and the
                    absolute location of each SKILL.md, escaped, as 'agentskills to-prompt' prints it.
            json    a catalog: name, description, path, references, counts, skills linked to and from.
            llms    the collection's llms.txt, the same bytes 'skillbook build' writes.

            Problems found while loading go to standard error; standard output carries only the export.

            EXIT CODES: 0 success, 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let graph = ContentRoot.load(arguments.positionals.first, console: console) else { return .failure }
        ContentRoot.report(graph.diagnostics, of: graph, console: console)
        switch arguments.value("format") ?? "prompt" {
        case "json":
            console.output(try SkillCatalog(graph).encoded())
        case "llms":
            let (config, problems) = CollectionConfig.load(root: graph.root, explicitPath: arguments.value("config"))
            ContentRoot.report(problems, of: graph, console: console)
            console.output(LLMsText.render(graph: graph, config: config))
        default:
            let prompt = AvailableSkillsPrompt.render(graph)
            let displayPath = ContentRoot.displayPath(for: graph)
            for file in prompt.skipped {
                console.error("\(displayPath(file)): warning: left out of the prompt: the skill has no name or description\n")
            }
            console.output(prompt.text)
        }
        return .success
    }
}
