import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Every frontmatter field, nothing dropped, as values for `metadata.mustache` and the
/// recursive `metadata-value.mustache`.
enum MetadataPanel {
    static func values(for document: Document, title: String) -> MustacheObject {
        let entries = document.markdown.frontmatter?.entries ?? []
        return [
            "hasMetadata": .bool(!entries.isEmpty),
            "metadataTitle": .string(title),
            "metadata": .list(entries.map(entry)),
        ]
    }

    private static func entry(_ entry: YAMLEntry) -> MustacheValue {
        var values = flags(entry.value)
        values["key"] = .string(entry.key)
        return .object(values)
    }

    /// A YAML value with every flag the partial reads, so nested values never see outer ones.
    static func value(_ yaml: YAMLValue) -> MustacheValue {
        .object(flags(yaml))
    }

    private static func flags(_ yaml: YAMLValue) -> MustacheObject {
        var result: MustacheObject = [
            "isText": false, "isEmpty": false, "isList": false, "isMap": false,
            "textHTML": .null, "items": .list([]), "entries": .list([]),
        ]
        switch yaml {
        case .string(let text) where !text.isEmpty:
            result["isText"] = true
            // `code` in a value reads as code, as in the body.
            result["textHTML"] = .string(ReportLinks.html(text))
        case .string, .null:
            result["isEmpty"] = true
        case .list(let items):
            result["isList"] = .bool(!items.isEmpty)
            result["isEmpty"] = .bool(items.isEmpty)
            result["items"] = .list(items.map(value))
        case .map(let entries):
            result["isMap"] = .bool(!entries.isEmpty)
            result["isEmpty"] = .bool(entries.isEmpty)
            result["entries"] = .list(entries.map(entry))
        }
        return result
    }
}
