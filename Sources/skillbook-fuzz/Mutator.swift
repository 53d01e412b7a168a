/// A fixed-seed random number generator, so a fuzz run can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutations that tend to hit the parsers' edges: fences, tables, links, frontmatter, line endings.
enum Mutator {
    static let fragments = [
        "---\n", "---", "\n---\n", "...\n", "```", "```swift\n", "~~~", "| a | b |\n|---|:-:|\n", "|", "[", "](", ")", "](#",
        "<", ">", "<script>alert(1)</script>", "<a id=\"x\">", "&amp;", "#", "## ", "\n# ", "**", "*", "_", "`", "``",
        "\r\n", "\r", "\u{FEFF}", "\t", "    ", "- ", "1. ", "- [ ] ", "> ", "![", "{{", "}}", "{{#a}}", "{{/a}}", "{{>p}}",
        "{{=<% %>=}}", "name: ", "description: ", "metadata:\n  ", "&a ", "*a", "!!binary ", "[a, b]", "{a: 1}", "\"", "'",
        "🎉", "é", "日本語", "\u{0}", "\u{200B}", "\\", "../", "references/", "SKILL.md", ".md#", "%20", "javascript:",
        "`hig-foundations-color`", "## Related skills\n\n- ",
    ]

    static func mutate(_ text: String, seeds: [String], random: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let position = scalars.isEmpty ? 0 : Int.random(in: 0...scalars.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                scalars.insert(contentsOf: fragments.randomElement(using: &random)!.unicodeScalars, at: position)
            case 2 where !scalars.isEmpty:
                let end = min(scalars.count, position + Int.random(in: 1...40, using: &random))
                scalars.removeSubrange(min(position, end)..<end)
            case 3 where !scalars.isEmpty:
                let end = min(scalars.count, position + Int.random(in: 1...80, using: &random))
                scalars.insert(contentsOf: scalars[min(position, end)..<end], at: Int.random(in: 0...scalars.count, using: &random))
            case 4:
                let other = Array((seeds.randomElement(using: &random) ?? text).unicodeScalars)
                let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &random)
                scalars = Array(scalars[..<position]) + other[cut...]
            default:
                if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x2FFFF, using: &random)) {
                    scalars.insert(scalar, at: position)
                }
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
