import Foundation

/// A document's rules, made when first read, as its tree is (`MarkdownTree`). A parse makes
/// them at once; the parse cache gives rules that decode their record on first use. Only
/// duplicate detection reads rules, and a rebuild that changed no file's rules takes its clusters
/// from the cluster cache without reading any: decoding every document's rules was half of
/// decoding the cache (perf, agentic-awesome-skills: 72 of 138 ms CPU, besides their strings).
///
/// Never changed once made, only filled in, under its lock, so documents that share it stay equal.
final class MarkdownRules: Hashable, @unchecked Sendable {
    /// How many rules there are, known without decoding them.
    let count: Int
    private let lock = NSLock()
    private var made: [Rule]?
    private var make: (@Sendable () -> [Rule])?

    init(_ rules: [Rule]) {
        count = rules.count
        made = rules
    }

    /// Rules that `make` gives when first read; `make` must give `count` rules.
    init(count: Int, make: @escaping @Sendable () -> [Rule]) {
        self.count = count
        self.make = make
    }

    var rules: [Rule] {
        lock.withLock {
            if let made { return made }
            let rules = make?() ?? []
            made = rules
            make = nil
            return rules
        }
    }

    /// Whether the rules have been made (decoded) yet.
    var isMade: Bool { lock.withLock { made != nil } }

    static func == (lhs: MarkdownRules, rhs: MarkdownRules) -> Bool {
        lhs === rhs || lhs.rules == rhs.rules
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(rules)
    }
}
