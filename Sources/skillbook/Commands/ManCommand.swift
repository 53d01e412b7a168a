/// `skillbook man`: the manual page, generated from every command's help (`make install` puts
/// it in share/man/man1/skillbook.1).
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man",
        summary: "Print the manual page (roff), generated from every command's help.",
        discussion: """
            EXAMPLE:
              skillbook man | man -l -

            EXIT CODES: 0 success, 2 usage error.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        console.output(ManPage.render(commands: CommandLineRunner.commands.map { $0.spec }, version: CommandLineRunner.version))
        return .success
    }
}
