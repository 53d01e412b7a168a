/// A whole YAML file read with the same libyaml reader as frontmatter, for checks and tests of
/// YAML files that are not frontmatter (a GitHub Action, pre-commit hooks, a workflow).
public enum YAMLDocument {
    /// The document's value, or `nil` with the problem when it is not valid YAML; duplicate
    /// keys are reported too.
    public static func read(_ text: String, file: String) -> (value: YAMLValue?, diagnostics: [Diagnostic]) {
        YAMLReader.readDocument(MarkdownDocument.normalize(text), file: file)
    }
}
