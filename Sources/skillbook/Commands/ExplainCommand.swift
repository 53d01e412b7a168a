import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook explain CODE`: what a diagnostic code means, why it matters and how to fix it.
enum ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain",
        summary: "Explain a diagnostic code of 'skillbook check'.",
        positionals: [.init(name: "CODE", help: "A code such as broken-anchor; without one, list every code.",
                             completions: Checks.codes.map(\.code))],
        discussion: """
            EXAMPLE:
              skillbook explain broken-anchor

            EXIT CODES: 0 success, 2 unknown code or usage error.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let codes = Checks.codes
        guard let code = arguments.positionals.first else {
            let width = (codes.map(\.code.count).max() ?? 0) + 2
            console.output(codes.map { $0.code + String(repeating: " ", count: width - $0.code.count) + $0.summary + "\n" }.joined())
            return .success
        }
        guard let info = Checks.info(for: code) else {
            let near = codes.map(\.code).filter { $0.contains(code) || code.contains($0) }
                + NearestNames.suggest(code, among: codes.map(\.code), count: 2, limit: 3)
            var seen = Set<String>()
            let names = near.filter { seen.insert($0).inserted }.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            let guess = names.isEmpty ? "" : "; did you mean \(names)?"
            console.error("error: unknown code '\(code)'\(guess)\nRun 'skillbook explain' for the list of codes.\n")
            return .failure
        }
        console.output("""
            \(info.code) (\(info.severity.rawValue) by default): \(info.summary)

            \(info.explanation)

            """)
        return .success
    }
}
