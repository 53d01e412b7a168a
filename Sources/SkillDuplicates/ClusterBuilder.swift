import SkillParser
/// Turns groups of matching texts into reported clusters: picks the representative, says how
/// each member relates to it, counts skills, flags boilerplate, and sorts.
struct ClusterBuilder {
    var statements: StatementSource
    var units: ComparisonUnits
    var sketches: UnitSketches
    var options: DuplicateOptions
    var skillCount: Int

    /// Clusters of the groups (each a list of text indexes), largest first.
    func clusters(_ groups: [[Int]]) -> [DuplicateCluster] {
        clusters(groups, reusing: nil).clusters.map(\.cluster)
    }

    /// Clusters of the groups, largest first, each with its group's digest (`groupDigest`);
    /// a group that `reusable` holds a cluster for is not described again (the same cluster).
    func clusters(_ groups: [[Int]], reusing reusable: ReusableClusters?)
        -> (clusters: [(cluster: DuplicateCluster, group: ContentHash)], reused: Int) {
        // What the closures below read, taken out of `self` once: reading it through `self` there
        // copied the builder (every array and closure it holds, retained and released) per group, on
        // both cores at once, which was most of the step when every cluster is kept.
        let (texts, paths, document, skillCount) = (units.texts, statements.paths, statements.document, skillCount)
        let digests = Parallel.map(groups.count, minimumChunk: 64) { Self.groupDigest(groups[$0], texts: texts) }
        let kept: [DuplicateCluster?] = reusable.map { reusable in
            Parallel.map(groups.count, minimumChunk: 64) { index in
                reusable.cluster(digests[index], skillCount: skillCount) { file in
                    groups[index].allSatisfy { text in
                        texts[text].statements.allSatisfy { file(paths[document($0)]) }
                    }
                }
            }
        } ?? []
        let described = groups.indices.filter { kept.isEmpty || kept[$0] == nil }
        var files = Set<Int>()
        for index in described {
            for text in groups[index] { for statement in units.texts[text].statements { files.insert(statements.document(statement)) } }
        }
        statements.prepare(files.sorted())
        let made = Parallel.map(described.count, minimumChunk: 16) { cluster(groups[described[$0]]) }
        var built = kept.isEmpty ? [DuplicateCluster?](repeating: nil, count: groups.count) : kept
        for (index, cluster) in zip(described, made) { built[index] = cluster }
        let sorted = zip(built.map { $0! }, digests).sorted { a, b in
            if a.0.count != b.0.count { return a.0.count > b.0.count }
            if a.0.skillCount != b.0.skillCount { return a.0.skillCount > b.0.skillCount }
            return a.0.representativeLocation < b.0.representativeLocation
        }
        return (zip(Boilerplate.number(sorted.map(\.0)), sorted.map(\.1)).map { ($0, $1) }, groups.count - described.count)
    }

    /// What a group's cluster is made from besides its statements: its texts, each by what
    /// matching reads of it (`MatchedPairs.key(of:)`), in key order.
    private static func groupDigest(_ group: [Int], texts: [ComparisonUnits.Text]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.add("duplicate group")
        hasher.add(group.count)
        for text in group.sorted(by: { texts[$0].fingerprint.key.isBefore(texts[$1].fingerprint.key) }) {
            texts[text].fingerprint.add(to: &hasher)
        }
        return hasher.finalize()
    }

    private func cluster(_ texts: [Int]) -> DuplicateCluster {
        let representative = texts.min { a, b in
            let (countA, countB) = (units.texts[a].statementCount, units.texts[b].statementCount)
            return countA != countB ? countA > countB : firstLocation(of: a) < firstLocation(of: b)
        }!
        let first = statements.statement(units.texts[representative].statements.min { statements.location($0) < statements.location($1) }!)
        var members: [DuplicateMember] = []
        for text in texts {
            let (match, similarity) = relation(text, to: representative)
            let memberIsLonger = units.texts[text].fingerprint.tokenCount > units.texts[representative].fingerprint.tokenCount
            for index in units.texts[text].statements {
                let statement = statements.statement(index)
                var span: MatchedSpan?
                if match == .contained {
                    span = memberIsLonger ? MatchedSpan.of(first.text, in: statement.text, inRepresentative: false)
                                          : MatchedSpan.of(statement.text, in: first.text, inRepresentative: true)
                }
                members.append(DuplicateMember(skill: statement.skill, location: statement.location,
                                               headingPath: statement.headingPath, text: statement.text,
                                               similarity: (similarity * 100).rounded() / 100, match: match, span: span))
            }
        }
        members.sort { ($0.location, $0.text) < ($1.location, $1.text) }
        let skills = Set(members.compactMap(\.skill)).count
        return DuplicateCluster(representative: first.text, representativeLocation: first.location,
                                boilerplate: Boilerplate.isBoilerplate(skills: skills, skillCount: skillCount, options: options), block: nil, count: members.count,
                                skillCount: skills, members: members)
    }

    private func firstLocation(of text: Int) -> SourceLocation {
        units.texts[text].statements.map { statements.location($0) }.min()!
    }

    /// How `text` relates to the representative, and how similar the matching parts are.
    private func relation(_ text: Int, to representative: Int) -> (DuplicateMatch, Double) {
        if text == representative { return (.exact, 1) }
        let (threshold, sentenceThreshold) = (options.threshold, options.effectiveSentenceThreshold)
        let (a, b) = (units.texts[text], units.texts[representative])
        let whole = sketches.similarity(a.wholeUnit, b.wholeUnit)
        if whole >= threshold { return (.near, whole) }
        let (shorter, longer) = a.fingerprint.tokenCount <= b.fingerprint.tokenCount ? (a, b) : (b, a)
        let contained = longer.sentenceUnits.map { sketches.similarity(shorter.wholeUnit, $0) }.max() ?? 0
        if contained >= sentenceThreshold { return (.contained, contained) }
        if let within = Containment.check(shorter.fingerprint.hashes[...], in: longer.fingerprint.hashes[...],
                                          threshold: sentenceThreshold, coverage: options.containmentCoverage) {
            return (.contained, within.similarity)
        }
        var shared = 0.0
        for first in a.sentenceUnits {
            for second in b.sentenceUnits { shared = max(shared, sketches.similarity(first, second)) }
        }
        if shared >= sentenceThreshold { return (.sharedSentence, shared) }
        return (.linked, whole)
    }
}
