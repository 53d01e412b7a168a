import Foundation
import SkillParser

/// `skillbook init [DIR]`: writes a commented `skillbook.yml` with every setting and its default.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        summary: "Write a commented skillbook.yml with every setting and its default.",
        positionals: [.init(name: "DIR", help: "The content root (default: Content/ when it exists, else the current folder).")],
        options: [
            .init(name: "stdout", help: "Print the file instead of writing it."),
        ],
        discussion: """
            The file written means what no file means: settings without a default are commented
            out, with an example. An existing skillbook.yml is never overwritten. The JSON Schema
            skillbook.schema.json lets editors complete and check the file.

            EXIT CODES: 0 written, 2 the file exists, the folder is missing, or usage error.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let text = ConfigTemplate.render()
        if arguments.has("stdout") {
            console.output(text)
            return .success
        }
        let root = ContentRoot.resolve(arguments.positionals.first)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            console.error("error: '\(root)' is not a folder\n")
            return .failure
        }
        let path = (root as NSString).appendingPathComponent(CollectionConfig.fileName)
        // O_EXCL: an existing file, even one created a moment ago, is never replaced.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it already exists; skillbook init never overwrites" : String(cString: strerror(errno))
            console.error("error: cannot write '\(path)': \(reason)\n")
            return .failure
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        console.output("Wrote \(path).\n")
        return .success
    }
}
