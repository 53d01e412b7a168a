/// What the graph works out for one document: its references resolved, which of its headed lists
/// are related-skills lists, and its edges (sorted). The graph cache keeps it (`GraphCache`).
struct DocumentResults: Sendable {
    var references: [LinkReference]
    var relatedLists: [Int]
    var edges: [Edge]
}

/// The graph cache's record of one document's results, valid only in the world it was made in
/// (`GraphWorld`): documents and skills are written as their positions in the graph, so their
/// paths and names are shared with the graph's rather than decoded again.
///
///     targets: for each document whose anchors a link looked in, its position and anchors' digest
///     references: kind, destination, text, location, resolution
///     related lists: positions in the document's headed lists
///     edges: from, to, kind, anchor, location
enum GraphRecord {
    /// The record of `results` for the document at `index`; `nil` when it cannot be written in
    /// positions of the graph (nothing the graph makes today).
    static func encode(_ results: DocumentResults, graph: SkillGraph, anchorDigests: [ContentHash]) -> [UInt8]? {
        var writer = BinaryWriter()
        var targets = Set<Int>()
        for reference in results.references {
            guard case .document(let path, let anchor) = reference.resolution, anchor != .none else { continue }
            guard let position = graph.documentPosition(of: path) else { return nil }
            targets.insert(position)
        }
        writer.count(targets.count)
        for position in targets.sorted() {
            writer.count(position)
            writer.word(anchorDigests[position].high)
            writer.word(anchorDigests[position].low)
        }
        writer.count(results.references.count)
        for reference in results.references {
            writer.byte(kindCode(reference.kind))
            writer.string(reference.destination)
            writer.string(reference.text)
            writer.node(reference.location.file, graph: graph)
            writer.int(reference.location.line)
            writer.int(reference.location.column)
            guard writer.write(reference.resolution, graph: graph) else { return nil }
        }
        writer.count(results.relatedLists.count)
        for position in results.relatedLists { writer.count(position) }
        writer.count(results.edges.count)
        for edge in results.edges {
            writer.node(edge.from, graph: graph)
            writer.node(edge.to, graph: graph)
            writer.byte(edgeCode(edge.kind))
            writer.optionalString(edge.anchor)
            writer.node(edge.location.file, graph: graph)
            writer.int(edge.location.line)
            writer.int(edge.location.column)
        }
        return writer.finished()
    }

    /// The results `record` holds for `document`, when every document whose anchors its links
    /// looked in still has the anchors it had (`anchorDigests`, in the graph's order); `nil`
    /// when one does not. References whose target is a file on disk are resolved again (`live`).
    static func decode(_ record: UnsafeRawBufferPointer, document: Document, graph: SkillGraph, anchorDigests: [ContentHash],
                       live: (String) -> LinkResolution) throws(CacheDamage) -> DocumentResults? {
        var reader = try BinaryReader(record: record)
        let targetCount = try reader.count()
        for _ in 0..<targetCount {
            let position = try reader.position(below: graph.documents.count)
            let digest = ContentHash(high: try reader.word(), low: try reader.word())
            if anchorDigests[position] != digest { return nil }
        }
        let references = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) -> LinkReference in
            let kind = try kind(reader.byte())
            let destination = try reader.string(), text = try reader.string()
            let location = SourceLocation(file: try reader.node(graph: graph), line: try reader.int(), column: try reader.int())
            let resolution = try reader.resolution(graph: graph) ?? live(destination)
            return LinkReference(kind: kind, destination: destination, text: text, location: location, resolution: resolution)
        }
        let listCount = document.markdown.headedListCount
        let relatedLists = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) in try reader.position(below: listCount) }
        let edges = try reader.array { (reader: inout BinaryReader) throws(CacheDamage) -> Edge in
            let from = try reader.node(graph: graph), to = try reader.node(graph: graph)
            let kind = try edgeKind(reader.byte())
            let anchor = try reader.optionalString()
            let location = SourceLocation(file: try reader.node(graph: graph), line: try reader.int(), column: try reader.int())
            return Edge(from: from, to: to, kind: kind, anchor: anchor, location: location)
        }
        guard reader.isAtEnd else { throw CacheDamage("damaged record") }
        return DocumentResults(references: references, relatedLists: relatedLists, edges: edges)
    }

    private static let kinds: [LinkReference.Kind] = [.link, .image, .htmlLink, .htmlImage]
    private static let edgeKinds: [Edge.Kind] = [.contains, .link, .mentions, .related, .path]

    private static func kindCode(_ kind: LinkReference.Kind) -> UInt8 { UInt8(kinds.firstIndex(of: kind)!) }
    private static func edgeCode(_ kind: Edge.Kind) -> UInt8 { UInt8(edgeKinds.firstIndex(of: kind)!) }

    private static func kind(_ code: UInt8) throws(CacheDamage) -> LinkReference.Kind {
        guard Int(code) < kinds.count else { throw CacheDamage("unknown reference kind") }
        return kinds[Int(code)]
    }

    private static func edgeKind(_ code: UInt8) throws(CacheDamage) -> Edge.Kind {
        guard Int(code) < edgeKinds.count else { throw CacheDamage("unknown edge kind") }
        return edgeKinds[Int(code)]
    }
}

extension BinaryWriter {
    /// A document's path or a skill's name as its position in the graph, else the text itself.
    fileprivate mutating func node(_ text: String, graph: SkillGraph) {
        if let position = graph.documentPosition(of: text) {
            byte(0)
            count(position)
        } else if let position = graph.skillIndex(named: text) {
            byte(1)
            count(position)
        } else {
            byte(2)
            string(text)
        }
    }

    /// Returns false for a resolution that cannot be written in the graph's positions.
    fileprivate mutating func write(_ resolution: LinkResolution, graph: SkillGraph) -> Bool {
        switch resolution {
        case .external(let url):
            byte(0)
            string(url)
        case .document(let path, let anchor):
            guard let position = graph.documentPosition(of: path) else { return false }
            byte(1)
            count(position)
            switch anchor {
            case .none: byte(0)
            case .top: byte(1)
            case .missing: byte(2)
            case .exact(let id): byte(3); string(id)
            case .prefixed(let id): byte(4); string(id)
            case .caseOnly(let id): byte(5); string(id)
            }
        // What a file on disk is (a file, a folder, a link out of the root) is asked again.
        case .file, .broken(.folder), .broken(.outsideRoot):
            byte(2)
        case .broken(let reason):
            byte(3)
            switch reason {
            case .empty: byte(0)
            case .missing(let path): byte(1); string(path)
            case .caseMismatch(let path, let actual): byte(2); string(path); string(actual)
            case .unsafeScheme(let scheme): byte(3); string(scheme)
            case .malformedURL(let url): byte(4); string(url)
            case .folder, .outsideRoot: return false
            }
        }
        return true
    }
}

extension BinaryReader {
    /// A position below `count`.
    fileprivate mutating func position(below count: Int) throws(CacheDamage) -> Int {
        let value = try unsigned()
        guard value < UInt64(count) else { throw CacheDamage("position out of range") }
        return Int(value)
    }

    fileprivate mutating func node(graph: SkillGraph) throws(CacheDamage) -> String {
        switch try byte() {
        case 0: return graph.documents[try position(below: graph.documents.count)].path
        case 1: return graph.skills[try position(below: graph.skills.count)].name
        case 2: return try string()
        default: throw CacheDamage("unknown node")
        }
    }

    /// The resolution recorded; `nil` for one to ask again (`BinaryWriter.write(_:graph:)`).
    fileprivate mutating func resolution(graph: SkillGraph) throws(CacheDamage) -> LinkResolution? {
        switch try byte() {
        case 0:
            return .external(try string())
        case 1:
            let path = graph.documents[try position(below: graph.documents.count)].path
            let anchor: AnchorMatch
            switch try byte() {
            case 0: anchor = .none
            case 1: anchor = .top
            case 2: anchor = .missing
            case 3: anchor = .exact(try string())
            case 4: anchor = .prefixed(try string())
            case 5: anchor = .caseOnly(id: try string())
            default: throw CacheDamage("unknown anchor match")
            }
            return .document(path: path, anchor: anchor)
        case 2:
            return nil
        case 3:
            switch try byte() {
            case 0: return .broken(.empty)
            case 1: return .broken(.missing(path: try string()))
            case 2: return .broken(.caseMismatch(path: try string(), actual: try string()))
            case 3: return .broken(.unsafeScheme(try string()))
            case 4: return .broken(.malformedURL(try string()))
            default: throw CacheDamage("unknown broken link")
            }
        default:
            throw CacheDamage("unknown resolution")
        }
    }
}
