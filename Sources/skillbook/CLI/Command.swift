/// Exit codes shared by every command.
enum ExitCode: Int32 {
    /// Ran and found nothing wrong.
    case success = 0
    /// Ran and found problems (errors, or warnings under `--strict`).
    case findings = 1
    /// Wrong usage, or input that cannot be read.
    case failure = 2
}

/// A subcommand of `skillbook`.
protocol Command: SendableMetatype {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments; writes its output through `console`.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode
}
