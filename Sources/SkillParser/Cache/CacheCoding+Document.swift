/// The parse cache's encoding of one file's parse: its diagnostics, and its document with the
/// frontmatter and every index `DocumentIndexer` made (stored, not made again: indexing is a
/// good part of a parse). The document's `sourceDigest` is the cache entry's digest, not stored
/// twice.
extension BinaryWriter {
    /// Returns the digest of the document's rules record (`MarkdownDocument.rulesDigest`), or
    /// `nil` without a document.
    @discardableResult
    mutating func write(_ result: CollectionLoader.ParseResult) -> ContentHash? {
        count(result.diagnostics.count)
        for diagnostic in result.diagnostics { write(diagnostic) }
        bool(result.document != nil)
        guard let document = result.document else { return nil }
        return write(document)
    }

    mutating func write(_ diagnostic: Diagnostic) {
        write(diagnostic.severity)
        string(diagnostic.code)
        string(diagnostic.message)
        write(diagnostic.location)
        count(diagnostic.notes.count)
        for note in diagnostic.notes {
            string(note.message)
            bool(note.location != nil)
            if let location = note.location { write(location) }
        }
        optionalString(diagnostic.suggestion)
    }

    mutating func write(_ severity: Severity) {
        switch severity {
        case .note: byte(0)
        case .warning: byte(1)
        case .error: byte(2)
        }
    }

    /// Returns the digest of the document's rules record (`MarkdownDocument.rulesDigest`),
    /// which the record holds: hashing it here is what spares the dedupe step an encoding.
    @discardableResult
    mutating func write(_ document: MarkdownDocument) -> ContentHash {
        string(document.path)
        bool(document.frontmatter != nil)
        if let frontmatter = document.frontmatter { write(frontmatter) }
        // The indexes the graph, the checks and the plan read, decoded with the document.
        count(document.headings.count)
        for heading in document.headings { write(heading) }
        count(document.links.count)
        for link in document.links { write(link) }
        count(document.images.count)
        for image in document.images { write(image) }
        count(document.linksInLinkText.count)
        for position in document.linksInLinkText { count(position) }
        count(document.codeSpans.count)
        for span in document.codeSpans { write(span) }
        count(document.html.count)
        for fragment in document.html {
            string(fragment.html)
            write(fragment.location)
        }
        writeItems(document.relatedSkillItems)
        // The rules, the tree and the headed lists: records of their own with their own strings, decoded when first
        // read (`MarkdownRules`, `MarkdownTree`, `MarkdownHeadedLists`), placed after this record (`trailing`), which
        // holds what finds and checks them: their count, length and digest. A rebuild reads this
        // record of every unchanged file and the rules and tree of almost none.
        let rules = BinaryWriter.rulesRecord(document.rules)
        let rulesDigest = MarkdownDocument.digest(ofRulesRecord: rules)
        var tree = BinaryWriter()
        tree.write(document.blocks)
        let written = tree.tree
        tree.writeShared(document.codeBlocks, written.codeBlocks) { $0.write($1) }
        tree.writeShared(document.tables, written.tables) { $0.write($1) }
        let treeParts = tree.parts()
        var treeDigest = CachePayloadDigest()
        for part in treeParts { part.withUnsafeBytes { treeDigest.add($0) } }
        write(TrailingRecord(offset: 0, length: rules.reduce(0) { $0 + $1.count }, digest: rulesDigest,
                             count: document.rules.count))
        write(TrailingRecord(offset: 0, length: treeParts.reduce(0) { $0 + $1.count }, digest: treeDigest.finalize(),
                             count: document.blockCount))
        var lists = BinaryWriter()
        lists.count(document.headedLists.count)
        for list in document.headedLists {
            lists.string(list.heading)
            lists.write(list.location)
            lists.int(list.itemCount)
            lists.writeItems(list.items)
        }
        let listParts = lists.parts()
        var listsDigest = CachePayloadDigest()
        for part in listParts { part.withUnsafeBytes { listsDigest.add($0) } }
        write(TrailingRecord(offset: 0, length: listParts.reduce(0) { $0 + $1.count }, digest: listsDigest.finalize(),
                             count: document.headedLists.count))
        trailing(rules)
        trailing(treeParts)
        trailing(listParts)
        return rulesDigest
    }

    /// A trailing record's count, length and digest (its offset follows from the ones before it).
    private mutating func write(_ record: TrailingRecord) {
        count(record.count)
        count(record.length)
        word(record.digest.high)
        word(record.digest.low)
    }

    /// The record of a document's rules, with its own strings, in its parts: as the parse cache
    /// keeps it and as `MarkdownDocument.rulesDigest` hashes it.
    static func rulesRecord(_ rules: [Rule]) -> [[UInt8]] {
        var writer = BinaryWriter()
        writer.count(rules.count)
        for rule in rules { writer.write(rule) }
        return writer.parts()
    }

    mutating func write(_ rule: Rule) {
        bool(rule.kind == .boldParagraph)
        string(rule.text)
        write(rule.inlines)
        count(rule.headingPath.count)
        for heading in rule.headingPath { string(heading) }
        write(rule.location)
    }

    /// An index's values: each one the tree holds (found near where the last one was) as its
    /// position plus one, any other as 0 and the value itself.
    mutating func writeShared<Value: Equatable>(_ values: [Value], _ tree: [Value],
                                                        _ write: (inout BinaryWriter, Value) -> Void) {
        count(values.count)
        var cursor = 0
        for value in values {
            if let position = (cursor..<min(cursor + 8, tree.count)).first(where: { tree[$0] == value }) {
                unsigned(UInt64(position + 1))
                cursor = position + 1
            } else {
                unsigned(0)
                write(&self, value)
            }
        }
    }

    private mutating func writeItems(_ items: [RelatedSkillItem]) {
        count(items.count)
        for item in items {
            string(item.name)
            string(item.text)
            write(item.location)
            switch item.form {
            case .code: byte(0)
            case .strong: byte(1)
            case .text: byte(2)
            case .link(let destination):
                byte(3)
                string(destination)
            }
        }
    }

    mutating func write(_ frontmatter: Frontmatter) {
        writeEntries(frontmatter.entries)
        int(frontmatter.openingLine)
        bool(frontmatter.closingLine != nil)
        if let closing = frontmatter.closingLine { int(closing) }
        int(frontmatter.lastLine)
        count(frontmatter.flowStyle.count)
        for location in frontmatter.flowStyle { write(location) }
    }

    private mutating func writeEntries(_ entries: [YAMLEntry]) {
        count(entries.count)
        for entry in entries {
            string(entry.key)
            write(entry.value)
            write(entry.location)
        }
    }

    mutating func write(_ value: YAMLValue) {
        switch value {
        case .string(let text):
            byte(0)
            string(text)
        case .list(let items):
            byte(1)
            count(items.count)
            for item in items { write(item) }
        case .map(let entries):
            byte(2)
            writeEntries(entries)
        case .null:
            byte(3)
        }
    }
}

extension BinaryReader {
    mutating func fileParse() throws(CacheDamage) -> CollectionLoader.ParseResult {
        let diagnostics = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.diagnostic() }
        let document = try bool() ? try markdownDocument() : nil
        return CollectionLoader.ParseResult(document: document, diagnostics: diagnostics)
    }

    mutating func diagnostic() throws(CacheDamage) -> Diagnostic {
        let severity = try self.severity(), code = try string(), message = try string(), location = try location()
        let notes = try array { (reader: inout BinaryReader) throws(CacheDamage) in
            DiagnosticNote(try reader.string(), at: try reader.bool() ? try reader.location() : nil)
        }
        return Diagnostic(severity, code: code, message, at: location, notes: notes, suggestion: try optionalString())
    }

    mutating func severity() throws(CacheDamage) -> Severity {
        switch try byte() {
        case 0: return .note
        case 1: return .warning
        case 2: return .error
        default: throw CacheDamage("unknown severity")
        }
    }

    mutating func markdownDocument() throws(CacheDamage) -> MarkdownDocument {
        let path = try string()
        let frontmatter = try bool() ? try self.frontmatter() : nil
        let headings = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.heading(depth: 1) }
        let links = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.link(depth: 1) }
        let images = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.link(depth: 1) }
        let nested = try array { (reader: inout BinaryReader) throws(CacheDamage) -> Int in
            let position = try reader.unsigned()
            guard position < UInt64(links.count) else { throw CacheDamage("index entry out of range") }
            return Int(position)
        }
        let codeSpans = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.codeSpan() }
        let html = try array { (reader: inout BinaryReader) throws(CacheDamage) in
            HTMLFragment(html: try reader.string(), location: try reader.location())
        }
        let relatedSkillItems = try items()
        let rulesRecord = try trailingRecord(offset: 0)
        let treeRecord = try trailingRecord(offset: rulesRecord.length)
        let listsRecord = try trailingRecord(offset: rulesRecord.length + treeRecord.length)
        let rules: MarkdownRules
        let tree: MarkdownTree
        let headedLists: MarkdownHeadedLists
        if let lazyRules, let lazyTree, let lazyHeadedLists {
            rules = lazyRules(rulesRecord)
            tree = lazyTree(treeRecord)
            headedLists = lazyHeadedLists(listsRecord)
        } else {
            // The trailing records are in the bytes read, after this record.
            let rulesRange = try skip(rulesRecord.length), treeRange = try skip(treeRecord.length)
            let listsRange = try skip(listsRecord.length)
            rules = MarkdownRules(try withRecord(rulesRange) { (bytes) throws(CacheDamage) in
                try MarkdownRules.rules(record: bytes, digest: rulesRecord.digest, count: rulesRecord.count)
            })
            tree = MarkdownTree(try withRecord(treeRange) { (bytes) throws(CacheDamage) in
                try MarkdownTree.parts(record: bytes, digest: treeRecord.digest, blockCount: treeRecord.count)
            })
            headedLists = MarkdownHeadedLists(try withRecord(listsRange) { (bytes) throws(CacheDamage) in
                try MarkdownHeadedLists.lists(record: bytes, digest: listsRecord.digest, count: listsRecord.count)
            })
        }
        var document = MarkdownDocument(unindexedPath: path, frontmatter: frontmatter, tree: tree)
        document.headings = headings
        document.links = links
        document.images = images
        document.linksInLinkText = nested
        document.codeSpans = codeSpans
        document.html = html
        document.ruleList = rules
        // The digest the record holds is the rules' digest (`MarkdownDocument.rulesDigest`):
        // known without decoding them.
        document.knownRulesDigest = rulesRecord.digest
        document.relatedSkillItems = relatedSkillItems
        document.headedListsMade = headedLists
        return document
    }

    /// What `BinaryWriter.write(_: TrailingRecord)` wrote, the record `offset` bytes after the
    /// end of this one. Every trailing record holds at least a byte per item (rule, block).
    private mutating func trailingRecord(offset: Int) throws(CacheDamage) -> TrailingRecord {
        let count = try unsigned(), length = try unsigned()
        guard count <= length, length <= UInt64(Int.max / 4) else { throw CacheDamage("damaged trailing record") }
        return TrailingRecord(offset: offset, length: Int(length), digest: ContentHash(high: try word(), low: try word()),
                              count: Int(count))
    }
}

/// A record placed after a document's own (its rules, its tree), found and checked by what the
/// document's record says of it.
struct TrailingRecord: Sendable {
    /// Where it starts, counted from the end of the document's record.
    var offset: Int
    var length: Int
    /// `ContentHasher.hash` of its bytes for rules (their `rulesDigest`), `CachePayloadDigest` for a tree.
    var digest: ContentHash
    /// How many rules, or top-level blocks, it holds.
    var count: Int
}

extension MarkdownTree {
    /// Decodes a tree record (as `BinaryWriter.write(_: MarkdownDocument)` wrote it) of `blockCount`
    /// blocks, whose bytes must have `digest` (`CachePayloadDigest`).
    static func parts(record: UnsafeRawBufferPointer, digest: ContentHash, blockCount: Int) throws(CacheDamage) -> MarkdownTreeParts {
        var check = CachePayloadDigest()
        check.add(record)
        guard check.finalize() == digest else { throw CacheDamage("damaged tree") }
        return try parts(record: record, blockCount: blockCount)
    }

    /// Decodes a tree record of `blockCount` blocks.
    static func parts(record: UnsafeRawBufferPointer, blockCount: Int) throws(CacheDamage) -> MarkdownTreeParts {
        var reader = try BinaryReader(record: record)
        let blocks = try reader.blocks(depth: 0)
        guard blocks.count == blockCount else { throw CacheDamage("damaged tree") }
        let codeBlocks = try reader.shared(\.codeBlocks) { (reader: inout BinaryReader) throws(CacheDamage) in try reader.codeBlock() }
        let tables = try reader.shared(\.tables) { (reader: inout BinaryReader) throws(CacheDamage) in try reader.table(depth: 1) }
        guard reader.isAtEnd else { throw CacheDamage("damaged tree") }
        return MarkdownTreeParts(blocks: blocks, codeBlocks: codeBlocks, tables: tables)
    }
}

extension MarkdownRules {
    /// Decodes a rules record (as `BinaryWriter.write(_: MarkdownDocument)` wrote it) of `count`
    /// rules, whose bytes must have `digest` (`ContentHasher.hash`, the rules' `rulesDigest`).
    static func rules(record: UnsafeRawBufferPointer, digest: ContentHash, count: Int) throws(CacheDamage) -> [Rule] {
        guard ContentHasher.hash(record) == digest else { throw CacheDamage("damaged rules") }
        return try rules(record: record, count: count)
    }

    /// Decodes a rules record of `count` rules.
    static func rules(record: UnsafeRawBufferPointer, count: Int) throws(CacheDamage) -> [Rule] {
        var reader = try BinaryReader(record: record)
        let rules = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.rule() }
        guard rules.count == count, reader.isAtEnd else { throw CacheDamage("damaged rules") }
        return rules
    }
}

extension MadeOnFirstRead where Value == [HeadedList] {
    /// Decodes a headed lists record (as `BinaryWriter.write(_: MarkdownDocument)` wrote it) of
    /// `count` lists, whose bytes must have `digest` (`CachePayloadDigest`).
    static func lists(record: UnsafeRawBufferPointer, digest: ContentHash, count: Int) throws(CacheDamage) -> [HeadedList] {
        var check = CachePayloadDigest()
        check.add(record)
        guard check.finalize() == digest else { throw CacheDamage("damaged headed lists") }
        var reader = try BinaryReader(record: record)
        let lists = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) in
            HeadedList(heading: try reader.string(), location: try reader.location(), itemCount: try reader.int(),
                       items: try reader.items())
        }
        guard lists.count == count, reader.isAtEnd else { throw CacheDamage("damaged headed lists") }
        return lists
    }
}

extension BinaryReader {
    mutating func rule() throws(CacheDamage) -> Rule {
        Rule(kind: try bool() ? .boldParagraph : .listItem, text: try string(), inlines: try inlines(depth: 1),
             headingPath: try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.string() },
             location: try location())
    }

    /// What `writeShared` wrote: values of the tree by position, others read by `value`.
    mutating func shared<Value>(_ values: KeyPath<TreeValues, [Value]>,
                                        _ value: (inout BinaryReader) throws(CacheDamage) -> Value) throws(CacheDamage) -> [Value] {
        try array { (reader: inout BinaryReader) throws(CacheDamage) -> Value in
            let position = try reader.unsigned()
            guard position > 0 else { return try value(&reader) }
            let known = reader.tree[keyPath: values]
            guard position <= UInt64(known.count) else { throw CacheDamage("index entry out of range") }
            return known[Int(position - 1)]
        }
    }

    fileprivate mutating func items() throws(CacheDamage) -> [RelatedSkillItem] {
        try array { (reader: inout BinaryReader) throws(CacheDamage) -> RelatedSkillItem in
            let name = try reader.string(), text = try reader.string(), location = try reader.location()
            let form: RelatedSkillItem.Form
            switch try reader.byte() {
            case 0: form = .code
            case 1: form = .strong
            case 2: form = .text
            case 3: form = .link(try reader.string())
            default: throw CacheDamage("unknown related-skill form")
            }
            return RelatedSkillItem(name: name, text: text, location: location, form: form)
        }
    }

    mutating func frontmatter() throws(CacheDamage) -> Frontmatter {
        let entries = try self.entries(depth: 0)
        let opening = try int()
        let closing = try bool() ? try int() : nil
        let last = try int()
        let flowStyle = try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.location() }
        return Frontmatter(entries: entries, openingLine: opening, closingLine: closing, lastLine: last, flowStyle: flowStyle)
    }

    private mutating func entries(depth: Int) throws(CacheDamage) -> [YAMLEntry] {
        try Self.checkDepth(depth)
        return try array { (reader: inout BinaryReader) throws(CacheDamage) in
            YAMLEntry(key: try reader.string(), value: try reader.yamlValue(depth: depth + 1), location: try reader.location())
        }
    }

    mutating func yamlValue(depth: Int) throws(CacheDamage) -> YAMLValue {
        try Self.checkDepth(depth)
        switch try byte() {
        case 0: return .string(try string())
        case 1: return .list(try array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.yamlValue(depth: depth + 1) })
        case 2: return .map(try entries(depth: depth + 1))
        case 3: return .null
        default: throw CacheDamage("unknown YAML value")
        }
    }
}
