import Foundation

/// The reference library of Agent Skills (`skills-ref` on PyPI), run through Python so tests do
/// not depend on where its `agentskills` script was installed. Tests skip when it is missing.
public enum ReferenceValidator {
    public static let isInstalled: Bool = {
        (try? runProcess("python3", ["-c", "import skills_ref.cli"]).exitCode) == 0
    }()

    /// Runs `agentskills ARGUMENTS...` with both output streams together.
    public static func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess("python3", ["-c", "import sys; from skills_ref.cli import main; sys.argv[0] = 'agentskills'; main()"] + arguments,
                       mergingStandardError: true)
    }
}
