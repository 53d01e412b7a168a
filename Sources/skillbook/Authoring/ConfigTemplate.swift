import SkillParser

/// The commented `skillbook.yml` that `skillbook init` writes: every setting with what it does
/// and its default. Settings without a default are written commented out with an example, so
/// the file as written means exactly what no file means.
enum ConfigTemplate {
    static func render() -> String {
        var lines = [
            "# Skillbook settings for this collection. Every setting is listed with its default;",
            "# 'skillbook check --help' and docs/configuration.md say more.",
            "# Editors with a YAML language server can check this file against skillbook.schema.json",
            "# (in the Skillbook repository; 'make install' puts it in PREFIX/share/skillbook/):",
            "# add a first line '# yaml-language-server: $schema=PATH/skillbook.schema.json'.",
        ]
        for setting in CollectionConfig.settings {
            lines.append("")
            lines.append("# " + setting.help)
            if let value = setting.defaultYAML {
                lines.append("\(setting.key): \(value)")
                lines.append("# for example: \(setting.key): \(setting.example)")
            } else {
                lines.append("# \(setting.key): \(setting.example)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
