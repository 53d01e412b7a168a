import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// `skillbook slugs`: the GitHub anchor of each heading text read from stdin.
enum SlugsCommand: Command {
    static let spec = CommandSpec(
        name: "slugs",
        summary: "Print the GitHub anchor of each heading text read from standard input.",
        discussion: """
            Reads one heading text per line and prints one anchor per line. All lines go through one
            slugger, so a repeated heading gets '-1', '-2', ... as it would in one document.

            EXAMPLE:
              printf 'Touch targets\\nTouch targets\\n' | skillbook slugs
              touch-targets
              touch-targets-1
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        var slugger = Slugger()
        var output = ""
        while let line = readLine(strippingNewline: true) {
            let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
            output += slugger.slug(text) + "\n"
        }
        console.output(output)
        return .success
    }
}
