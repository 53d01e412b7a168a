import Foundation
import SkillParser

/// The clusters of the last run, kept in the build cache folder (`.OUT.skillbook-cache/clusters`)
/// with a digest of everything they were made from, so that a rebuild that changed no file's
/// rules (an edit of prose, a code block, a link: most edits) takes them as they are instead of
/// reading the duplicate cache and clustering again: the dedupe step of such a rebuild of
/// agentic-awesome-skills reads 1.7 MB instead of 16 (and 19 ms of processor time instead of 158).
///
/// What the clusters depend on (`Inputs`): the options and the program (the key), the number of
/// skills (what is boilerplate), and for each document with rules, in order, its path, its skill's
/// name and every field of its rules (`MarkdownDocument.rulesDigest`). A document's rules follow from its
/// path and bytes (as the parse cache holds), so the digest of an unchanged file's rules is
/// taken from the last run's table, by path and bytes' digest: only changed files' rules are
/// digested again.
public struct ClusterCache: Sendable {
    public static let fileName = "clusters"
    static let kind = CacheFile.Kind(magic: "SKBCLUST", format: 3, name: "cluster cache")

    /// What clusters depend on, worked out for one graph.
    public struct Inputs: Sendable, Equatable {
        public var digest: ContentHash
        /// The digest of each document's rules, by `documentKey` (documents with a digest of their bytes).
        var rules: [ContentHash: ContentHash]
    }

    /// The options and the program (`DuplicateCache.key(options:tool:)`).
    public var key: ContentHash
    public var inputs: Inputs
    public var clusters: [DuplicateCluster] { didSet { clustersRecord = nil } }
    /// The digest of each cluster's group of texts (`ClusterBuilder`), and the number of skills
    /// they were made with: what lets a run whose rules changed keep the clusters that did not
    /// (`ReusableClusters`). Empty when unknown.
    public var groups: [ContentHash] { didSet { clustersRecord = nil } }
    public var skillCount: Int { didSet { clustersRecord = nil } }
    /// The clusters' part of the file (`encodedClusters()`) as it was read: a rebuild that changed
    /// no file's rules but changed a file writes the cache again for its table of inputs, and
    /// writes these bytes as they were instead of encoding every cluster again (61 of 3,596 perf
    /// samples of a rebuild of agentic-awesome-skills after a changed paragraph). Dropped when
    /// the clusters, groups or number of skills change.
    private var clustersRecord: [UInt8]?

    public init(key: ContentHash, inputs: Inputs, clusters: [DuplicateCluster], groups: [ContentHash] = [], skillCount: Int = 0) {
        self.key = key
        self.inputs = inputs
        self.clusters = clusters
        self.groups = groups.count == clusters.count ? groups : []
        self.skillCount = skillCount
    }

    /// The clusters a run of `graph` may keep (`ReusableClusters`): `nil` when the cache does not
    /// know its groups. `inputs` are the graph's (`inputs(of:known:)` with this cache's).
    public func reusable(for graph: SkillGraph) -> ReusableClusters? {
        guard !groups.isEmpty else { return nil }
        var unchanged: [String: String?] = [:]
        for document in graph.documents {
            guard let digest = document.markdown.sourceDigest,
                  inputs.rules[Self.documentKey(path: document.path, digest: digest)] != nil else { continue }
            unchanged[document.path] = .some(graph.skill(of: document)?.name)
        }
        return ReusableClusters(clusters: Dictionary(zip(groups, clusters), uniquingKeysWith: { first, _ in first }),
                                skillCount: skillCount, unchangedFiles: unchanged)
    }

    /// What the clusters of `graph` depend on, taking the digests of unchanged files' rules from
    /// `known` (a previous cache's inputs) rather than making them again.
    public static func inputs(of graph: SkillGraph, known: Inputs?) -> Inputs {
        let documents = graph.documents
        let keys = documents.map { document in document.markdown.sourceDigest.map { documentKey(path: document.path, digest: $0) } }
        let digests = Parallel.map(documents.count, minimumChunk: 64) { index -> ContentHash in
            if let key = keys[index], let digest = known?.rules[key] { return digest }
            return documents[index].markdown.rulesDigest
        }
        var hasher = ContentHasher()
        hasher.add("skillbook clusters inputs")
        hasher.add(graph.skills.count)
        var rules: [ContentHash: ContentHash] = [:]
        rules.reserveCapacity(documents.count)
        for (index, document) in documents.enumerated() {
            if let key = keys[index] { rules[key] = digests[index] }
            // A file without rules states nothing: adding or removing one changes no cluster.
            guard digests[index] != noRules else { continue }
            hasher.add(document.path)
            if let skill = graph.skill(of: document) {
                hasher.add(1)
                hasher.add(skill.name)
            } else {
                hasher.add(0)
            }
            hasher.add(digests[index])
        }
        return Inputs(digest: hasher.finalize(), rules: rules)
    }

    /// The digest of a document without rules.
    static let noRules = MarkdownDocument(path: "", frontmatter: nil, blocks: []).rulesDigest

    /// A document's entry in the table of rules' digests: its path and its bytes.
    static func documentKey(path: String, digest: ContentHash) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add(path)
        hasher.add(digest)
        return hasher.finalize()
    }

    /// The cached clusters when they were made from `inputs`.
    public func clusters(for inputs: Inputs) -> [DuplicateCluster]? {
        inputs.digest == self.inputs.digest ? clusters : nil
    }
}

extension ClusterCache {
    /// The cache in `file`: `nil` when there is none; throws, saying why, when it is there but
    /// made under another key, damaged, or its record does not parse.
    public static func read(_ file: URL, key: ContentHash) throws(CacheDamage) -> ClusterCache? {
        try CacheFile.withPayload(file, kind: kind, key: key) { bytes, _ throws(CacheDamage) in try decode(bytes, key: key) }
    }

    public func write(to file: URL) throws {
        let record = encoded()
        try CacheFile.write(to: file, kind: Self.kind, key: key) { output in try output.write(record) }
    }

    /// The payload: the length of the inputs' record (8 bytes, little-endian), that record, then
    /// the clusters' record. Two records, each with its own strings, so that either can be kept
    /// as bytes while the other changes.
    func encoded() -> [UInt8] {
        var writer = CacheRecordWriter()
        writer.hash(inputs.digest)
        let table = inputs.rules.sorted { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }
        writer.count(table.count)
        for (document, rules) in table {
            writer.hash(document)
            writer.hash(rules)
        }
        let inputsRecord = writer.finished()
        let clustersRecord = clustersRecord ?? encodedClusters()
        var payload: [UInt8] = []
        payload.reserveCapacity(8 + inputsRecord.count + clustersRecord.count)
        withUnsafeBytes(of: UInt64(inputsRecord.count).littleEndian) { payload.append(contentsOf: $0) }
        payload.append(contentsOf: inputsRecord)
        payload.append(contentsOf: clustersRecord)
        return payload
    }

    /// The clusters' record: the number of skills, the groups, the clusters.
    private func encodedClusters() -> [UInt8] {
        var writer = CacheRecordWriter()
        writer.count(skillCount)
        writer.count(groups.count)
        for group in groups { writer.hash(group) }
        writer.count(clusters.count)
        for cluster in clusters {
            writer.string(cluster.representative)
            writer.location(cluster.representativeLocation)
            writer.bool(cluster.boilerplate)
            writer.bool(cluster.block != nil)
            if let block = cluster.block { writer.int(block) }
            writer.int(cluster.count)
            writer.int(cluster.skillCount)
            writer.count(cluster.members.count)
            for member in cluster.members {
                writer.optionalString(member.skill)
                writer.location(member.location)
                writer.count(member.headingPath.count)
                for heading in member.headingPath { writer.string(heading) }
                writer.string(member.text)
                writer.unsigned(member.similarity.bitPattern)
                writer.count(DuplicateMatch.allCases.firstIndex(of: member.match)!)
                writer.bool(member.span != nil)
                if let span = member.span {
                    writer.bool(span.inRepresentative)
                    writer.int(span.start)
                    writer.int(span.end)
                    writer.string(span.text)
                }
            }
        }
        return writer.finished()
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, key: ContentHash) throws(CacheDamage) -> ClusterCache {
        guard bytes.count >= 8 else { throw CacheDamage("no length of the inputs") }
        let length = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        guard length <= UInt64(bytes.count - 8) else { throw CacheDamage("the inputs run past the end") }
        let split = 8 + Int(length)
        var inputsReader = try CacheRecordReader(record: UnsafeRawBufferPointer(rebasing: bytes[8..<split]))
        let digest = try inputsReader.hash()
        let count = try inputsReader.count()
        var rules: [ContentHash: ContentHash] = [:]
        rules.reserveCapacity(count)
        for _ in 0..<count {
            let document = try inputsReader.hash()
            rules[document] = try inputsReader.hash()
        }
        guard inputsReader.isAtEnd else { throw CacheDamage("bytes after the inputs") }
        let clustersBytes = UnsafeRawBufferPointer(rebasing: bytes[split...])
        var reader = try CacheRecordReader(record: clustersBytes)
        let skillCount = try reader.count()
        let groups = try reader.array { (reader: inout CacheRecordReader) throws(CacheDamage) in try reader.hash() }
        let clusters = try reader.array { (reader: inout CacheRecordReader) throws(CacheDamage) -> DuplicateCluster in
            let representative = try reader.string()
            let location = try reader.location()
            let boilerplate = try reader.bool()
            let block = try reader.bool() ? try reader.int() : nil
            let count = try reader.int()
            let skillCount = try reader.int()
            let members = try reader.array { (reader: inout CacheRecordReader) throws(CacheDamage) -> DuplicateMember in
                let skill = try reader.optionalString()
                let location = try reader.location()
                let headingPath = try reader.array { (reader: inout CacheRecordReader) throws(CacheDamage) in try reader.string() }
                let text = try reader.string()
                let similarity = Double(bitPattern: try reader.unsigned())
                let match = try reader.unsigned()
                guard match < UInt64(DuplicateMatch.allCases.count) else { throw CacheDamage("unknown kind of match") }
                let span: MatchedSpan? = try reader.bool()
                    ? MatchedSpan(inRepresentative: try reader.bool(), start: try reader.int(), end: try reader.int(),
                                  text: try reader.string())
                    : nil
                return DuplicateMember(skill: skill, location: location, headingPath: headingPath, text: text,
                                       similarity: similarity, match: DuplicateMatch.allCases[Int(match)], span: span)
            }
            return DuplicateCluster(representative: representative, representativeLocation: location, boilerplate: boilerplate,
                                    block: block, count: count, skillCount: skillCount, members: members)
        }
        guard reader.isAtEnd else { throw CacheDamage("bytes after the clusters") }
        guard groups.isEmpty || groups.count == clusters.count else { throw CacheDamage("not one group per cluster") }
        var cache = ClusterCache(key: key, inputs: Inputs(digest: digest, rules: rules), clusters: clusters, groups: groups,
                                 skillCount: skillCount)
        cache.clustersRecord = Array(clustersBytes)
        return cache
    }
}
