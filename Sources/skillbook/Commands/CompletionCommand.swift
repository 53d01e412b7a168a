/// `skillbook completion SHELL`: a completion script for bash, zsh or fish, generated from the
/// commands' specs (commands, options, option values, codes for `explain`).
enum CompletionCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completion",
        summary: "Print a shell completion script for bash, zsh or fish.",
        positionals: [.init(name: "SHELL", help: "bash, zsh or fish.", optional: false, completions: shells)],
        discussion: """
            EXAMPLES:
              source <(skillbook completion bash)                      # this bash session
              skillbook completion zsh > ~/.zfunc/_skillbook           # with ~/.zfunc in $fpath
              skillbook completion fish > ~/.config/fish/completions/skillbook.fish

            'make install' installs all three.

            EXIT CODES: 0 success, 2 unknown shell or usage error.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let shell = arguments.positionals[0]
        let commands = CommandLineRunner.commands.map { $0.spec }
        switch shell {
        case "bash": console.output(BashCompletion.script(commands: commands))
        case "zsh": console.output(ZshCompletion.script(commands: commands))
        case "fish": console.output(FishCompletion.script(commands: commands))
        default:
            let nearest = NearestWord.to(shell, among: shells).map { "did you mean '\($0)'? " } ?? ""
            throw UsageError.invalid("unknown shell '\(shell)'; \(nearest)use one of: \(shells.joined(separator: ", "))")
        }
        return .success
    }
}
