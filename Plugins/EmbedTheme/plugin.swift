import Foundation
import PackagePlugin

/// Generates `EmbeddedTheme.swift` for SiteBuilder from the files in `Templates/` at build time,
/// so the default theme travels inside the binary without a checked-in copy that can drift.
/// Every theme file and folder is an input of the command, so editing, adding or removing a
/// file runs it again (the tool lists the folder itself when it runs).
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTheme.swift")
        return [
            .buildCommand(
                displayName: "Embedding Templates/ into \(target.name)",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [templates.path, output.path],
                inputFiles: Self.files(under: templates),
                outputFiles: [output]),
        ]
    }

    /// The theme's folders and files, hidden ones left out, sorted.
    static func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var result: [URL] = [folder]
        for case let url as URL in enumerator { result.append(url) }
        return result.sorted { $0.path < $1.path }
    }
}
