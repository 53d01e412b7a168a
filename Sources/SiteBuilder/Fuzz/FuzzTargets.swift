import SkillParser
import SkillSearch

/// Every fuzz target by name: `skillbook-fuzz NAME` runs one under libFuzzer, and the test
/// that replays saved crashing inputs (Tests/FuzzRegressions/NAME/) reads the same table.
public enum FuzzTargets {
    public static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("frontmatter", ParserFuzzEntry.frontmatter),
        ("markdown", ParserFuzzEntry.markdown),
        ("links", ParserFuzzEntry.linkTarget),
        ("markdown-html", SiteFuzzEntry.markdownHTML),
        ("mustache", SiteFuzzEntry.mustache),
        ("tokenizer", SearchFuzzEntry.tokenizer),
        ("query", SearchFuzzEntry.query),
    ]

    public static func named(_ name: String) -> (@Sendable ([UInt8]) -> Void)? {
        all.first { $0.name == name }?.run
    }
}
