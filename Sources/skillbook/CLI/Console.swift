import Foundation

/// Where commands write: results to stdout, diagnostics and progress to stderr.
struct Console: Sendable {
    var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
    var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Colour is used only on a terminal, and never when `NO_COLOR` is set.
    var colorOnStandardOutput: Bool { standardOutputIsTerminal && !noColor }
    var colorOnStandardError: Bool { standardErrorIsTerminal && !noColor }

    private var noColor: Bool {
        !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
