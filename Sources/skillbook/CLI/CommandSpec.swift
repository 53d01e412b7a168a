/// What a command accepts, used both to parse its arguments and to print its `--help`.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// Long name without dashes: `format` for `--format`.
        var name: String
        /// One-letter alias without the dash: `o` for `-o`.
        var short: Character? = nil
        /// Placeholder for the value (`FORMAT`); `nil` for a flag that takes no value.
        var valueName: String? = nil
        /// Accepted values, when the set is closed.
        var choices: [String]? = nil
        var help: String
    }

    struct Positional: Sendable {
        var name: String
        var help: String
        var optional = true
        /// Accepts any number of values.
        var repeating = false
        /// Values shell completion offers (codes for `explain`); not a closed set when parsing.
        var completions: [String]? = nil
    }

    var name: String
    var summary: String
    var positionals: [Positional] = []
    var options: [Option] = []
    /// Extra text after the options: examples, exit codes.
    var discussion: String = ""

    var usage: String {
        var parts = ["skillbook", name]
        if !options.isEmpty { parts.append("[options]") }
        for positional in positionals {
            let shown = positional.repeating ? "\(positional.name)..." : positional.name
            parts.append(positional.optional ? "[\(shown)]" : shown)
        }
        return parts.joined(separator: " ")
    }

    var help: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usage)"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in positionals { lines.append(row(positional.name, positional.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in options + [Option(name: "help", short: "h", help: "Show this help.")] {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.name)"
            if let value = option.valueName { label += " \(value)" }
            var help = option.help
            if let choices = option.choices { help += " (\(choices.joined(separator: ", ")))" }
            lines.append(row(label, help))
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ label: String, _ help: String) -> String {
        let padded = label.count < 26 ? label + String(repeating: " ", count: 26 - label.count) : label + "  "
        return "  " + padded + help
    }
}
