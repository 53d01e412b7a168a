import Foundation

/// The `skillbook` command line: picks the subcommand, parses its arguments, runs it.
enum CommandLineRunner {
    /// Every subcommand, in the order `skillbook --help` lists them.
    static let commands: [any Command.Type] = [
        BuildCommand.self,
        CheckCommand.self,
        DupesCommand.self,
        SearchCommand.self,
        GraphCommand.self,
        SlugsCommand.self,
        ExplainCommand.self,
        NewCommand.self,
        FormatCommand.self,
        ExportCommand.self,
        InitCommand.self,
        CompletionCommand.self,
        ManCommand.self,
    ]

    static let version = "0.1.0"

    static func topLevelHelp() -> String {
        var lines = [
            "OVERVIEW: Skillbook checks, de-duplicates and publishes collections of Agent Skills.",
            "",
            "USAGE: skillbook <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            let name = command.spec.name
            lines.append("  " + name + String(repeating: " ", count: max(2, 12 - name.count)) + command.spec.summary)
        }
        lines += [
            "",
            "OPTIONS:",
            "  -h, --help                Show this help.",
            "  --version                 Show the version.",
            "",
            "See 'skillbook <command> --help' for a command's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.error(topLevelHelp())
            return .failure
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                console.output(command.spec.help)
            } else {
                console.output(topLevelHelp())
            }
            return .success
        case "--version":
            console.output("skillbook \(version)\n" + (Allocator.summary.map { "allocator: \($0)\n" } ?? ""))
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            // Name the nearest command rather than print the whole help over the mistake.
            let nearest = NearestWord.to(first, among: commands.map { $0.spec.name } + ["help", "--help", "--version"])
            let hint = nearest.map { "; did you mean '\($0)'?" } ?? ""
            let kind = first.hasPrefix("-") ? "option" : "command"
            console.error("error: unknown \(kind) '\(first)'\(hint)\nSee 'skillbook --help' for the commands.\n")
            return .failure
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            return try command.run(parsed, console: console)
        } catch UsageError.helpRequested {
            console.output(command.spec.help)
            return .success
        } catch let error as UsageError {
            console.error("error: \(error)\nusage: \(command.spec.usage)\nSee 'skillbook \(command.spec.name) --help'.\n")
            return .failure
        } catch {
            console.error("error: \(error)\n")
            return .failure
        }
    }
}
