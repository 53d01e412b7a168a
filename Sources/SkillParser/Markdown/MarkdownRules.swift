import Foundation

/// A document's rules, made when first read, as its tree is (`MarkdownTree`). A parse makes
/// them at once; the parse cache gives rules that decode their record on first use. Only
/// duplicate detection reads rules, and a rebuild that changed no file's rules takes its clusters
/// from the cluster cache without reading any: decoding every document's rules was half of
/// decoding the cache (perf, agentic-awesome-skills: 72 of 138 ms CPU, besides their strings).
typealias MarkdownRules = MadeOnFirstRead<[Rule]>

extension MadeOnFirstRead where Value == [Rule] {
    convenience init(_ rules: [Rule]) {
        self.init(made: rules, count: rules.count)
    }

    var rules: [Rule] { value }
}

/// A document's headed lists (`MarkdownDocument.headedLists`), made when first read as its rules
/// are. Only the graph reads them, to find related-skills lists, and a rebuild takes an unchanged
/// document's related lists from the graph cache (`GraphCache`): their items' texts were about a
/// fifth of the strings a rebuild decoded (perf, agentic-awesome-skills).
typealias MarkdownHeadedLists = MadeOnFirstRead<[HeadedList]>

extension MadeOnFirstRead where Value == [HeadedList] {
    convenience init(_ lists: [HeadedList]) {
        self.init(made: lists, count: lists.count)
    }
}
