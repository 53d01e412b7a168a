internal import CYAML

/// Reads a YAML document with libyaml. Every `yaml_*` call of the project lives in this file.
enum YAMLReader {
    /// The result of reading a frontmatter block.
    struct Result {
        /// Top-level entries in document order; `nil` when the text is not a readable mapping.
        var entries: [YAMLEntry]?
        var diagnostics: [Diagnostic]
        /// Where flow-style lists and maps open.
        var flowStyle: [SourceLocation] = []
    }

    /// The version of the libyaml this process runs with, for the parse cache's key.
    static var libraryVersion: String { String(cString: yaml_get_version_string()) }

    /// Parses `text` (the lines between the `---` fences). `firstLine` is the file line of its
    /// first line, so that libyaml's 0-based marks map to what an editor shows.
    static func readMapping(_ text: String, file: String, firstLine: Int) -> Result {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return Result(entries: nil, diagnostics: [
                Diagnostic(.error, code: "invalid-yaml", "could not start the YAML parser",
                           at: SourceLocation(file: file, line: firstLine)),
            ])
        }
        defer { yaml_parser_delete(&parser) }

        let bytes = Array(text.utf8)
        // libyaml rechecks every open flow collection at each token: quadratic in the nesting, so
        // 50,000 nested `{a: ` take minutes. Far past any real frontmatter, it is not parsed at all.
        if let deepest = deepFlowNesting(bytes) {
            return Result(entries: nil, diagnostics: [flowNestingProblem(file: file, line: firstLine + deepest)])
        }
        return bytes.withUnsafeBufferPointer { buffer -> Result in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var document = yaml_document_t()
            guard yaml_parser_load(&parser, &document) != 0 else {
                return Result(entries: nil, diagnostics: [problem(of: parser, file: file, firstLine: firstLine)])
            }
            defer { yaml_document_delete(&document) }

            var walker = Walker(file: file, firstLine: firstLine)
            guard let root = yaml_document_get_root_node(&document) else {
                return Result(entries: [], diagnostics: [])  // an empty block
            }
            guard root.pointee.type == YAML_MAPPING_NODE else {
                let value = walker.value(of: root, in: &document, depth: 0)
                return Result(entries: nil, diagnostics: [
                    Diagnostic(.error, code: "frontmatter-not-mapping",
                               "frontmatter is \(value.kindName), not a map of keys to values",
                               at: walker.location(of: root.pointee.start_mark),
                               suggestion: "write one `key: value` per line, for example `name: my-skill`"),
                ])
            }
            let entries = walker.entries(of: root, in: &document, depth: 0)
            if let limit = walker.limitHit { walker.diagnostics.append(aliasLimitProblem(at: limit)) }
            return Result(entries: entries, diagnostics: walker.diagnostics, flowStyle: walker.flowStyle)
        }
    }

    static func flowNestingProblem(file: String, line: Int) -> Diagnostic {
        Diagnostic(.error, code: "yaml-alias-limit", "YAML nests more than \(maximumFlowNesting) `[` or `{` deep; it was not read",
                   at: SourceLocation(file: file, line: line), suggestion: "write the values out flat, one `key: value` per line")
    }

    static func aliasLimitProblem(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code: "yaml-alias-limit",
                   "YAML expands to more than \(InputLimits.maximumYAMLValues) values or nests more than \(InputLimits.maximumYAMLDepth) levels deep (through aliases); the rest was not read",
                   at: location, suggestion: "write the values out instead of repeating aliases (`*name`), and keep frontmatter flat")
    }

    /// Flow nesting past which a block is refused before libyaml sees it.
    static let maximumFlowNesting = 1000

    /// The 0-based line where `[`/`{` nesting first passes the limit, ignoring quoted text and
    /// comments; `nil` when it never does. A plain scalar with a stray bracket counts too, which
    /// only matters a thousand brackets deep.
    static func deepFlowNesting(_ bytes: [UInt8]) -> Int? {
        var depth = 0, line = 0
        var quote: UInt8? = nil
        var comment = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1; comment = false; continue }
            if comment { continue }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "#"): comment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumFlowNesting { return line }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// Reads a whole YAML document of any shape (a map, a list or a scalar): for files such as
    /// `action.yml` and `.pre-commit-hooks.yaml` whose validity tests check. `nil` with a
    /// diagnostic when it does not parse; an empty document is `.null`.
    static func readDocument(_ text: String, file: String) -> (value: YAMLValue?, diagnostics: [Diagnostic]) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return (nil, [Diagnostic(.error, code: "invalid-yaml", "could not start the YAML parser", at: SourceLocation(file: file, line: 1))])
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        if let deepest = deepFlowNesting(bytes) { return (nil, [flowNestingProblem(file: file, line: 1 + deepest)]) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var document = yaml_document_t()
            guard yaml_parser_load(&parser, &document) != 0 else {
                return (nil, [problem(of: parser, file: file, firstLine: 1)])
            }
            defer { yaml_document_delete(&document) }
            guard let root = yaml_document_get_root_node(&document) else { return (.null, []) }
            var walker = Walker(file: file, firstLine: 1)
            let value = walker.value(of: root, in: &document, depth: 0)
            return (value, walker.diagnostics + (walker.limitHit.map { [aliasLimitProblem(at: $0)] } ?? []))
        }
    }

    private static func problem(of parser: yaml_parser_t, file: String, firstLine: Int) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        let context = parser.context.map { String(cString: $0) }
        let mark = parser.problem_mark
        let message = context.map { "invalid YAML: \(problem) \($0)" } ?? "invalid YAML: \(problem)"
        return Diagnostic(
            .error, code: "invalid-yaml", message,
            at: SourceLocation(file: file, line: firstLine + Int(mark.line), column: Int(mark.column) + 1),
            suggestion: "quote values that contain `: ` or start with a special character, and keep indentation consistent")
    }

    /// Turns libyaml's node graph into `YAMLValue`s, reporting duplicate keys on the way.
    private struct Walker {
        init(file: String, firstLine: Int) {
            self.file = file
            self.firstLine = firstLine
        }

        let file: String
        let firstLine: Int
        var diagnostics: [Diagnostic] = []
        /// Where flow-style lists and maps open, in document order.
        var flowStyle: [SourceLocation] = []
        /// Values produced so far. An alias is expanded each time it is used, so a chain of
        /// aliases of aliases grows exponentially; this budget and the depth limit stop it.
        private var produced = 0
        /// Where the first value past a limit is, if any.
        private(set) var limitHit: SourceLocation?

        func location(of mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: firstLine + Int(mark.line), column: Int(mark.column) + 1)
        }

        mutating func entries(
            of node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, depth: Int
        ) -> [YAMLEntry] {
            // A repeated key drops its earlier entry; slots keep that linear in the number of keys.
            var slots: [YAMLEntry?] = []
            var slotOfKey: [String: Int] = [:]
            var firstSeen: [String: SourceLocation] = [:]
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top, limitHit == nil {
                defer { pair = current + 1 }
                guard let keyNode = yaml_document_get_node(&document, current.pointee.key),
                      let valueNode = yaml_document_get_node(&document, current.pointee.value)
                else { continue }
                let key = value(of: keyNode, in: &document, depth: depth + 1).displayText
                let keyLocation = location(of: keyNode.pointee.start_mark)
                let entry = YAMLEntry(key: key, value: value(of: valueNode, in: &document, depth: depth + 1),
                                      location: keyLocation)
                if let first = firstSeen[key] {
                    diagnostics.append(Diagnostic(
                        .error, code: "duplicate-key", "key `\(key)` appears twice; the last value wins",
                        at: keyLocation, notes: [DiagnosticNote("first written here", at: first)],
                        suggestion: "remove one of the two `\(key)` lines"))
                    if let slot = slotOfKey[key] { slots[slot] = nil }
                } else {
                    firstSeen[key] = keyLocation
                }
                slotOfKey[key] = slots.count
                slots.append(entry)
            }
            return slots.compactMap { $0 }
        }

        mutating func value(
            of node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, depth: Int
        ) -> YAMLValue {
            produced += 1
            guard depth < InputLimits.maximumYAMLDepth, produced <= InputLimits.maximumYAMLValues else {
                if limitHit == nil { limitHit = location(of: node.pointee.start_mark) }
                return .null
            }
            switch node.pointee.type {
            case YAML_SCALAR_NODE:
                let scalar = node.pointee.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                if scalar.style == YAML_PLAIN_SCALAR_STYLE, ["", "~", "null", "Null", "NULL"].contains(text) {
                    return .null
                }
                return .string(text)
            case YAML_SEQUENCE_NODE:
                if node.pointee.data.sequence.style == YAML_FLOW_SEQUENCE_STYLE { flowStyle.append(location(of: node.pointee.start_mark)) }
                var items: [YAMLValue] = []
                var item = node.pointee.data.sequence.items.start
                while let current = item, current != node.pointee.data.sequence.items.top, limitHit == nil {
                    defer { item = current + 1 }
                    if let child = yaml_document_get_node(&document, current.pointee) {
                        items.append(value(of: child, in: &document, depth: depth + 1))
                    }
                }
                return .list(items)
            case YAML_MAPPING_NODE:
                if node.pointee.data.mapping.style == YAML_FLOW_MAPPING_STYLE { flowStyle.append(location(of: node.pointee.start_mark)) }
                return .map(entries(of: node, in: &document, depth: depth))
            default:
                return .null
            }
        }
    }
}
