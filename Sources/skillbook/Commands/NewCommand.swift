import Foundation
import SkillChecks
import SkillParser

/// `skillbook new NAME`: starts a skill folder that passes the Agent Skills rules, refusing
/// invalid names and never overwriting anything.
enum NewCommand: Command {
    static let defaultLicense = "Apache-2.0"

    static let spec = CommandSpec(
        name: "new",
        summary: "Create a skill folder with a SKILL.md and a references/ folder.",
        positionals: [.init(name: "NAME", help: "The skill's name: lower-case letters, digits and hyphens.", optional: false)],
        options: [
            .init(name: "in", valueName: "DIR", help: "The folder to create it in (default: Content/ when it exists, else the current folder)."),
            .init(name: "license", valueName: "TEXT",
                  help: "The `license` field (default: the one most skills of DIR declare, else \(defaultLicense))."),
        ],
        discussion: """
            Writes NAME/SKILL.md (name, a description placeholder, license, metadata, a body with
            a "Related skills" section) and NAME/references/. The placeholder passes the reference
            validator but 'skillbook check' reports it (placeholder-description) until it is written.
            An existing NAME folder is never touched.

            EXAMPLE:
              skillbook new pdf-tools --in skills

            EXIT CODES: 0 created, 2 invalid name, existing folder, or usage error.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let name = arguments.positionals[0]
        let problems = SkillNameRules.problems(of: name)
        if !problems.isEmpty {
            let repaired = SkillNameRules.repaired(name)
            let hint = repaired.isEmpty || repaired == name ? "" : "; try '\(repaired)'"
            throw UsageError.invalid("'\(name)' is not a valid skill name: it \(problems.joined(separator: "; "))\(hint)")
        }
        let parent = ContentRoot.resolve(arguments.value("in"))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            console.error("error: '\(parent)' is not a folder\n")
            return .failure
        }
        let folder = parent == "." ? name : (parent as NSString).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: folder) {
            console.error("error: '\(folder)' already exists; skillbook new never overwrites\n")
            return .failure
        }
        let license = arguments.value("license") ?? commonLicense(in: parent) ?? defaultLicense
        let template = SkillTemplate(name: name, license: license)
        do {
            // Created under a temporary name and renamed, so a failure leaves no half-made skill.
            let staging = (parent as NSString).appendingPathComponent(".\(name).skillbook-new-\(getpid())")
            try? FileManager.default.removeItem(atPath: staging)
            for file in template.files {
                let path = (staging as NSString).appendingPathComponent(file.path)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
            }
            guard rename(staging, folder) == 0 else {
                try? FileManager.default.removeItem(atPath: staging)
                console.error("error: cannot create '\(folder)': \(String(cString: strerror(errno)))\n")
                return .failure
            }
        } catch {
            console.error("error: cannot create '\(folder)': \(error.localizedDescription)\n")
            return .failure
        }
        console.output("""
            Created \(folder)/SKILL.md and \(folder)/references/ (license: \(license)).
            Next: replace the description placeholder, then run 'skillbook check \(parent)'.

            """)
        return .success
    }

    /// The license most skills directly in `folder` declare, ties broken alphabetically.
    static func commonLicense(in folder: String) -> String? {
        guard let graph = try? CollectionLoader.load(root: folder) else { return nil }
        var counts: [String: Int] = [:]
        for skill in graph.skills { if let license = skill.manifest?.license, !license.isEmpty { counts[license, default: 0] += 1 } }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}
