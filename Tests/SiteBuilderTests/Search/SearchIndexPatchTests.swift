import Foundation
@testable import SkillParser
import TestSupport
import Testing
@testable import SkillSearch

/// A rebuild's index patched from the previous build's (`SearchIndexState`) is the index a full
/// build assembles: the same files, and the same state for the next rebuild.
@Suite struct SearchIndexPatchTests {
    /// The fixture collection in a folder of its own, to edit.
    static func collection() throws -> FixtureTree {
        let root = SearchFixtures.collection
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return try FixtureTree(files)
    }

    /// Keys as a real build makes them: from each document's source digest, path, kind and skill.
    static func keys(_ graph: SkillGraph) -> [String: SearchIndexCache.Key] {
        var keys: [String: SearchIndexCache.Key] = [:]
        for document in graph.documents {
            var hasher = ContentHasher()
            hasher.add(document.path)
            hasher.add(graph.skill(of: document)?.name ?? "")
            hasher.add(document.markdown.sourceDigest ?? ContentHash(high: 0, low: 0))
            keys[document.path] = hasher.finalize()
        }
        return keys
    }

    struct Build {
        var files: [String: [UInt8]]
        /// The digest each file came with, when it came with one.
        var digests: [String: ContentHash]
        /// The counts file as the next build finds it: written by this build, or left as it was.
        var countsFile: URL
        var built: SearchIndexBuilder.Built
        /// The state as the next build reads it from its file.
        var state: SearchIndexState?
        /// The previous build's counts, as this build read them.
        var previousCounts: PreviousCounts
    }

    static let program = ContentHash(high: 7, low: 11)

    /// The previous counts as a build finds them in `file` (`PreviousCounts`: read whole only
    /// when the index is assembled anew).
    static func counts(_ file: URL?) -> PreviousCounts {
        guard let file else { return PreviousCounts(SearchIndexCache()) }
        return PreviousCounts(file: file, program: program) {
            do throws(CacheDamage) {
                return (try SearchIndexCache.read(file, program: program) ?? SearchIndexCache(), nil)
            } catch {
                return (SearchIndexCache(), "\(error)")
            }
        }
    }

    static func build(_ tree: FixtureTree, after previous: Build?, targets: SearchIndexLayout.Targets = .init()) throws -> Build {
        let graph = try CollectionLoader.load(root: tree.path)
        let previousCounts = counts(previous?.countsFile)
        let reuse = SearchIndexBuilder.Reuse(counts: previousCounts, keys: keys(graph),
                                             rows: previous?.built.rows, state: previous?.state)
        var files: [String: [UInt8]] = [:]
        var digests: [String: ContentHash] = [:]
        let countsFile = try tree.scratchFile("counts")
        var written = false
        let lock = NSLock()
        let built = try SearchIndexBuilder.buildAndWrite(graph: graph, targets: targets, reuse: reuse, keep: { records in
            written = true
            return try? SearchIndexCache.write(records, program: program, to: countsFile)
        }) { path, digest, contents in
            let bytes = contents()
            lock.withLock {
                files[path] = bytes
                digests[path] = digest
            }
        }
        // Written and read back as the site's build cache does: a patched state writes the
        // records of the terms it did not touch as it read them.
        let state = try built.state.map { try #require(SearchIndexState(payload: $0.payload())) }
        #expect(state == built.state)
        #expect(state?.locations == built.state?.locations)
        return Build(files: files, digests: digests, countsFile: written ? countsFile : try #require(previous?.countsFile),
                     built: built, state: state, previousCounts: previousCounts)
    }

    /// Builds, then after each edit rebuilds from the last build's caches and builds anew; each
    /// rebuild must agree with its full build. Returns the rebuilds.
    func rebuilds(_ edits: [(FixtureTree) throws -> Void], targets: SearchIndexLayout.Targets = .init(),
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [SearchIndexBuilder.Built] {
        try rebuildsWithDigests(edits, targets: targets, sourceLocation: sourceLocation).map(\.built)
    }

    /// `rebuilds`, with each rebuild's digests and the digests of the build before it.
    func rebuildsWithDigests(_ edits: [(FixtureTree) throws -> Void], targets: SearchIndexLayout.Targets = .init(),
                             sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> [(built: SearchIndexBuilder.Built, digests: [String: ContentHash], before: [String: ContentHash])] {
        let tree = try Self.collection()
        var last = try Self.build(tree, after: nil, targets: targets)
        #expect(last.built.state != nil, sourceLocation: sourceLocation)
        #expect(!last.built.patched, sourceLocation: sourceLocation)
        var rebuilt: [(built: SearchIndexBuilder.Built, digests: [String: ContentHash], before: [String: ContentHash])] = []
        for edit in edits {
            try edit(tree)
            let again = try Self.build(tree, after: last, targets: targets)
            let full = try Self.build(tree, after: nil, targets: targets)
            #expect(again.files == full.files, "the rebuild's files differ from a full build's", sourceLocation: sourceLocation)
            #expect(again.digests == full.digests, "the rebuild's digests differ from a full build's", sourceLocation: sourceLocation)
            #expect(again.built.summary == full.built.summary, sourceLocation: sourceLocation)
            // Compared apart from the expectation, which would print both whole; the counts the
            // counts file lacks are the rebuild's own.
            var state = again.built.state
            state?.extras = [:]
            // A patched index holds the texts of the changed documents only (the files hold all,
            // compared above).
            let sameState = state == full.built.state
            let sameIndex = Self.withoutTexts(again.built.index) == Self.withoutTexts(full.built.index)
            #expect(sameState, "the rebuild's state differs from a full build's", sourceLocation: sourceLocation)
            #expect(sameIndex, "the rebuild's index differs from a full build's", sourceLocation: sourceLocation)
            rebuilt.append((again.built, again.digests, last.digests))
            last = again
        }
        return rebuilt
    }

    static func withoutTexts(_ index: SearchIndex) -> SearchIndex {
        var index = index
        for position in index.sections.indices { index.sections[position].text = "" }
        return index
    }

    func rebuild(_ edit: @escaping (FixtureTree) throws -> Void,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SearchIndexBuilder.Built {
        try #require(try rebuilds([edit], sourceLocation: sourceLocation).first)
    }

    static func replace(_ old: String, with new: String, in path: String) -> (FixtureTree) throws -> Void {
        { tree in try tree.write(path, try tree.read(path).replacingOccurrences(of: old, with: new)) }
    }

    @Test func anEditedSectionIsPatched() throws {
        let built = try rebuild { tree in
            // New words, a word gone (`dense`), another written form (`toggled`), same sections.
            let text = try tree.read("controls/references/toggles.md")
            try tree.write("controls/references/toggles.md", text.replacingOccurrences(of: "in dense settings windows",
                                                                                          with: "in crowded settings windows, toggled by zyxwvut"))
        }
        #expect(built.patched)
        #expect(built.recounted == 1)
    }

    @Test func successiveRebuildsKeepTheCountsTheFileLacksUntilItIsWrittenAgain() throws {
        let toggles = "controls/references/toggles.md"
        let built = try rebuilds([
            Self.replace("dense settings", with: "packed settings", in: toggles),
            Self.replace("packed settings", with: "tight settings", in: toggles),
            Self.replace("Toggling it takes effect at once.", with: "Toggling it takes effect at once, quietly.", in: toggles),
            // A second document missing from the counts file: more than the fixture's share.
            Self.replace("without getting in the way", with: "without getting in anyone's way", in: "feedback/SKILL.md"),
            Self.replace("tight settings", with: "dense settings", in: toggles),
        ])
        #expect(built.map(\.patched) == [true, true, true, true, true])
        #expect(built.map { $0.state?.extras.count } == [1, 1, 1, 0, 1])
    }

    /// A document that gains a section renumbers the sections after it: patched all the same
    /// (`SectionShift`), the same index as a full build's (`rebuild` compares them).
    @Test func aDocumentThatGainsASectionIsPatched() throws {
        let built = try rebuild { tree in
            let text = try tree.read("controls/references/toggles.md")
            try tree.write("controls/references/toggles.md", text + "\n## Another section\n\nWith words of its own, about as many as the other sections hold: a toggle in a long list of settings shows its state at once, and its label says which.\n")
        }
        // (Of about the average length: a change of the average length would weigh every
        // posting anew, and the index would be assembled anew.)
        #expect(built.patched)
        #expect(built.recounted == 1)
    }

    @Test func aDeletedDocumentIsPatched() throws {
        let built = try rebuild { tree in
            try FileManager.default.removeItem(at: tree.root.appendingPathComponent("controls/references/toggles.md"))
        }
        #expect(built.patched)
        #expect(built.recounted == 0)
    }

    @Test func anAddedDocumentIsPatched() throws {
        let built = try rebuild { tree in
            try tree.write("controls/references/sliders.md", "# Sliders\n\nA slider picks a value in a continuous range, such as the volume of a sound or the brightness of a screen, by dragging its thumb along the track.\n\n## Steps\n\nSteps snap the value of a slider to fixed amounts, so that people can pick the same value again, and a label beside the track shows the value picked.\n")
        }
        #expect(built.patched)
        #expect(built.recounted == 1)
    }

    /// Sections that come and go early in the collection move every later one; with small
    /// files, most files change. Each rebuild must be its full build.
    @Test func sectionsThatComeAndGoAgreeWithFullBuilds() throws {
        let accessibility = "accessibility/SKILL.md"
        let built = try rebuilds([
            { tree in try tree.write(accessibility, try tree.read(accessibility) + "\n## Contrast again\n\nCheck the contrast of every quokka.\n") },
            { tree in try tree.write("aaa-first/SKILL.md", "---\nname: aaa-first\ndescription: The first skill.\n---\n\n# First\n\nWords first.\n") },
            { tree in try FileManager.default.removeItem(at: tree.root.appendingPathComponent("controls/references/toggles.md")) },
            { tree in try tree.write(accessibility, try tree.read(accessibility).replacingOccurrences(of: "\n## Contrast again\n", with: "\nContrast again.\n")) },
        ], targets: Self.smallFiles)
        #expect(built.contains { $0.patched })
    }

    @Test func nothingChangedIsPatchedWithNothing() throws {
        let built = try rebuild { _ in }
        #expect(built.patched)
        #expect(built.recounted == 0)
    }

    /// Small files, so that the fixture has many dictionary and postings files.
    static var smallFiles: SearchIndexLayout.Targets {
        var targets = SearchIndexLayout.Targets()
        targets.dictionary = 120
        targets.pairDictionary = 60
        targets.postings = 60
        targets.documents = 600
        return targets
    }

    @Test func aPatchHandsOverTheFilesOfUnchangedTermsAsTheyWere() throws {
        let rebuilt = try rebuildsWithDigests([
            // `dense` goes, `packed` comes: the files of the terms between them are left alone.
            Self.replace("dense settings", with: "packed settings", in: "controls/references/toggles.md"),
        ], targets: Self.smallFiles)
        let (built, digests, before) = try #require(rebuilt.first)
        #expect(built.patched)
        let termFiles = digests.keys.filter { $0.hasPrefix("t/") || $0.hasPrefix("p/") }
        #expect(termFiles.count > 20)
        #expect(built.unchangedFiles > termFiles.count / 2)
        #expect(built.unchangedFiles < termFiles.count)
        // Those handed over unencoded carry the previous build's digests (the site keeps its
        // files), and the others changed.
        let kept = termFiles.filter { digests[$0] == before[$0] }
        #expect(kept.count == built.unchangedFiles)
    }

    /// Terms that come at the start of the dictionary, and postings that grow a dictionary file
    /// by a postings file, change the files that hold them, not every file after them: files
    /// are named by their first term, cut where their terms say, and postings files numbered
    /// within their dictionary file.
    @Test func filesAfterAChangedOneKeepTheirNamesAndBytes() throws {
        let feedback = "feedback/SKILL.md"
        let rebuilt = try rebuildsWithDigests([
            Self.replace("Tell people what happened", with: "Aardvark aardwolf abacus: tell people what happened", in: feedback),
            Self.replace("Respect the silent switch.", with: "Respect the silent switch: haptics, haptics, haptic engines.", in: feedback),
        ], targets: Self.smallFiles)
        for (built, digests, before) in rebuilt {
            #expect(built.patched)
            let termFiles = digests.keys.filter { $0.hasPrefix("t/") || $0.hasPrefix("p/") }
            let changed = termFiles.filter { digests[$0] != before[$0] }
            #expect(termFiles.count > 20)
            // The postings of the edited section's terms change (their weights), the other files do not.
            #expect(changed.filter { $0.hasPrefix("t/") }.count <= 4, "\(changed.sorted())")
            #expect(changed.count < termFiles.count / 5, "\(changed.count) of \(termFiles.count): \(changed.sorted())")
            #expect(built.unchangedFiles == termFiles.count - changed.count)
        }
    }

    @Test func firstQueriesAreKeptOnlyWhileTheFilesTheyReadAreUnchanged() throws {
        let built = try rebuilds([
            { _ in },
            // Every sample query is a page title; `toggles` is one, and its postings change.
            Self.replace("without getting in the way", with: "without toggles getting in the way", in: "feedback/SKILL.md"),
        ], targets: Self.smallFiles)
        #expect(built.map(\.patched) == [true, true])
        let queries = try #require(built.first?.index.sampleQueries().count)
        #expect(queries > 1)
        #expect(built[0].firstQueriesKept == queries)
        #expect(built[1].firstQueriesKept < queries)
    }

    /// Edits that move the small files' boundaries (terms that come and go at a file's start,
    /// postings that grow a file past its target, a word only one query reads): each rebuild
    /// agrees with its full build, files, digests, summary and state (its first queries too).
    @Test func successiveEditsOverSmallFilesAgreeWithFullBuilds() throws {
        let feedback = "feedback/SKILL.md", navigation = "navigation/SKILL.md"
        let built = try rebuilds([
            Self.replace("Tell people what happened", with: "Aardvark aardwolf abacus: tell people what happened", in: feedback),
            Self.replace("Respect the silent switch.", with: "Respect the silent switch, the silent mode and silent alerts.", in: feedback),
            Self.replace("Aardvark aardwolf abacus: tell", with: "Tell", in: feedback),
            Self.replace("side by side", with: "side by side by side, stacked in stacks of stacks", in: navigation),
            Self.replace("Keep the back button", with: "Keep the zzyzx back button", in: navigation),
            Self.replace("Pair a sound", with: "Pair a navigation sound", in: feedback),
        ], targets: Self.smallFiles)
        #expect(built.allSatisfy { $0.patched })
        #expect(built.contains { $0.unchangedFiles > 0 })
    }

    /// A patch that writes the document files of a long document again reads that document's
    /// record once, not once per section: each row's text had its document's whole record read,
    /// checked and decoded.
    @Test func aLongDocumentsRowsWrittenAgainReadItsRecordOnce() throws {
        let tree = try Self.collection()
        let sections = (1...60).map { "## Step \($0)\n\nWalk through step \($0) of the long checklist before shipping.\n" }
        try tree.write("zz-long/SKILL.md", "---\nname: zz-long\ndescription: A long checklist.\n---\n# Long\n\n"
                       + sections.joined(separator: "\n"))
        let first = try Self.build(tree, after: nil, targets: Self.smallFiles)
        // As many terms as before (the averages stay, so the index is patched), and a new word
        // worth a code: every row is encoded anew with the new codes, so every document file is
        // written again.
        try Self.replace("dense settings", with: "zyzzyva zyzzyva", in: "controls/references/toggles.md")(tree)
        let again = try Self.build(tree, after: first, targets: Self.smallFiles)
        let full = try Self.build(tree, after: nil, targets: Self.smallFiles)
        let patched = again.built.patched
        #expect(patched)
        #expect(again.files == full.files, "the rebuild's files differ from a full build's")
        let documentFiles = full.files.keys.filter { $0.hasPrefix("d/") }
        let written = documentFiles.filter { again.digests[$0] != first.digests[$0] }
        #expect(written.count == documentFiles.count, "\(written.count) of \(documentFiles.count) document files written")
        let documents = try CollectionLoader.load(root: tree.path).documents.count
        #expect(again.previousCounts.recordsRead <= documents, "\(again.previousCounts.recordsRead) records read for \(documents) documents")
    }

    /// Builds, edits `toggles.md`, lets `damage` change the counts file (given the state, which
    /// says where each document's record is, and the edited document's position), rebuilds and
    /// builds anew: the rebuild's files must be the full build's. Returns the rebuild.
    func rebuildAfterDamage(_ damage: (_ file: URL, _ state: SearchIndexState, _ edited: Int) throws -> Void,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SearchIndexBuilder.Built {
        let tree = try Self.collection()
        let first = try Self.build(tree, after: nil)
        let toggles = "controls/references/toggles.md"
        try Self.replace("dense settings", with: "packed settings", in: toggles)(tree)
        let edited = try #require(try CollectionLoader.load(root: tree.path).documents.firstIndex { $0.path.hasSuffix(toggles) })
        try damage(first.countsFile, try #require(first.state), edited)
        let again = try Self.build(tree, after: first)
        let full = try Self.build(tree, after: nil)
        #expect(again.files == full.files, "the rebuild's files differ from a full build's", sourceLocation: sourceLocation)
        #expect(again.digests == full.digests, sourceLocation: sourceLocation)
        return again.built
    }

    /// Flips a byte in the middle of the record at `location` of the counts file `file`.
    static func flipByte(in file: URL, at location: SearchIndexCache.Location?) throws {
        let location = try #require(location)
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[CacheFile.headerSize + location.offset + location.length / 2] ^= 0x20
        try Data(bytes).write(to: file)
    }

    @Test func aPatchReadsOnlyTheRecordsItNeedsAndChecksThem() throws {
        // Undamaged: patched, the counts file not read whole.
        let patched = try rebuildAfterDamage { _, _, _ in }
        #expect(patched.patched)
    }

    @Test func aDamagedRecordOfAnUnchangedDocumentIsNotTrusted() throws {
        // The patch reads the record for the texts of the document files it writes: the
        // damage is found there, and the index is made from every document anew.
        let built = try rebuildAfterDamage { file, state, edited in
            try Self.flipByte(in: file, at: state.locations[edited == 0 ? 1 : 0])
        }
        #expect(!built.patched)
        #expect(built.recounted > 1)
    }

    @Test func aDamagedRecordOfTheChangedDocumentIsNotTrusted() throws {
        let built = try rebuildAfterDamage { file, state, edited in try Self.flipByte(in: file, at: state.locations[edited]) }
        #expect(!built.patched)
    }

    @Test func aCountsFileCutShortOrGoneIsNotTrusted() throws {
        let cut = try rebuildAfterDamage { file, _, _ in
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count / 2).write(to: file)
        }
        #expect(!cut.patched)
        let gone = try rebuildAfterDamage { file, _, _ in try FileManager.default.removeItem(at: file) }
        #expect(!gone.patched)
    }

    /// Postings replaced in one run of sections (spliced in place) or in several (filtered and
    /// sorted) are the postings kept plus those added, in section order.
    @Test func postingsAreReplacedInTheirSections() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let postings = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 0..<100, using: &generator) }
            let sections = Array(Set(postings)).sorted().map { Posting(section: $0, weight: $0 % 60 + 1) }
            let low = Int.random(in: 0..<100, using: &generator), high = Int.random(in: low...100, using: &generator)
            var runs = [low..<high]
            if Bool.random(using: &generator) { runs.append(Int.random(in: 0..<50, using: &generator)..<Int.random(in: 50...100, using: &generator)) }
            let added = runs.first.map { run in run.filter { _ in Bool.random(using: &generator) }.map { Posting(section: $0, weight: 7) } } ?? []
            let expected = (sections.filter { posting in !runs.contains { $0.contains(posting.section) } } + added)
                .sorted { $0.section < $1.section }
            #expect(SearchIndexBuilder.replaced(sections, removing: runs, adding: added) == expected)
        }
    }

    /// Elements removed and put in by swapping (`splice`) give the array a copy would.
    @Test func splicingMovesElementsAsACopyWould() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let array = (0..<Int.random(in: 0...30, using: &generator)).map { "t\($0)" }
            let removing = array.indices.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            var kept = array.indices.filter { !removing.contains($0) }.map { array[$0] }
            let inserting = (0..<Int.random(in: 0...5, using: &generator)).map { number in
                (Int.random(in: 0...kept.count, using: &generator), "new\(number)")
            }.sorted { $0.0 < $1.0 }
            var spliced = array
            SearchIndexBuilder.splice(&spliced, removing: removing, inserting: inserting)
            for (offset, (position, element)) in inserting.enumerated() { kept.insert(element, at: position + offset) }
            #expect(spliced == kept)
        }
    }

    @Test func aDamagedStateIsNotRead() throws {
        let tree = try Self.collection()
        let state = try #require(try Self.build(tree, after: nil, targets: Self.smallFiles).built.state)
        var payload = state.payload()
        // Each cut of the payload is refused whole, whichever part it ends in.
        for cut in stride(from: 1, to: payload.count, by: max(1, payload.count / 97)) {
            #expect(SearchIndexState(payload: Array(payload.prefix(cut))) == nil)
        }
        payload.append(0)
        #expect(SearchIndexState(payload: payload) == nil)
    }

    @Test func theStateRoundTripsAndAForeignOneIsNotRead() throws {
        let tree = try Self.collection()
        let state = try #require(try Self.build(tree, after: nil).built.state)
        #expect(SearchIndexState(payload: state.payload()) == state)
        // Read back, the postings stay encoded until asked for (and are then the same, above).
        #expect(SearchIndexState(payload: state.payload())?.terms.allSatisfy { $0.encoded != nil } == true)
        // Term records in runs read on all cores: any run length reads back the same.
        for run in [1, 7, 64, state.terms.count - 1, state.terms.count] {
            let read = SearchIndexState(payload: state.payload(termRun: run))
            #expect(read == state, "runs of \(run)")
            #expect(read?.locations == state.locations)
            // Its records are where it says: written again from them, the same bytes.
            #expect(read?.payload(termRun: run) == state.payload(termRun: run))
        }
        #expect(SearchIndexState(payload: Array(state.payload().dropLast())) == nil)
        let file = tree.root.appendingPathComponent("index-state")
        try state.write(to: file, program: .init(high: 1, low: 2))
        #expect(try SearchIndexState.read(file, program: .init(high: 1, low: 2)) == state)
        #expect(throws: CacheDamage.self) { try SearchIndexState.read(file, program: .init(high: 1, low: 3)) }
    }
}
