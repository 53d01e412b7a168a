import Foundation
import SkillParser

/// Answers queries on a search index with the same ranking as the site's JavaScript engine
/// (`Templates/assets/search.js`), step for step:
///
/// 1. Each query word becomes a slot; it matches its stem and unstemmed form, the terms it begins
///    when it is still being typed, and terms one edit away when it is long and rare.
/// 2. A section scores, per slot, the best BM25 weight among the slot's terms, times how the term
///    matched; slots add up. Sections with more of the query's words come first; sections found
///    only by completing a finished word still being typed come last, so that a query ranks the
///    same while typed (the drop-down) as once finished (the results page).
/// 3. Sections are grouped by page; the first pages are re-ranked after reading their text: the
///    words together as a phrase or close to each other, a title or heading that names the
///    query, and a page that speaks of the query throughout, raise a result; each query word a
///    page lacks lowers it (`SearchRanking.rerankedScore`).
public struct SearchEngine: Sendable {
    public let index: SearchIndex
    /// For each section, the number of the page it is on (pages are runs of sections).
    let pageOfSection: [Int]
    /// For each section, the first part of the long section it is a part of (itself, mostly).
    let headOfSection: [Int]
    /// For each page, its number of sections (the parts of a long section counted once).
    let sectionsOfPage: [Int]

    public init(index: SearchIndex) {
        self.index = index
        var pages: [Int] = [], heads: [Int] = []
        var page = -1
        var previous: String?
        for (position, section) in index.sections.enumerated() {
            if section.page != previous { page += 1; previous = section.page }
            pages.append(page)
            heads.append(index.continues(position) ? heads[position - 1] : position)
        }
        pageOfSection = pages
        headOfSection = heads
        var counts = [Int](repeating: 0, count: page + 1)
        for (position, head) in heads.enumerated() where head == position { counts[pages[position]] += 1 }
        sectionsOfPage = counts
    }

    /// A section found, with its score and the number of query words it has.
    struct Hit {
        var section: Int
        var score: Double
        var matched: Int
        /// Found only through completions of a finished word still being typed.
        var completionOnly: Bool

        /// Found by the words as typed first, then more words, a higher score, the earlier section.
        static func precedes(_ a: Hit, _ b: Hit) -> Bool {
            if a.completionOnly != b.completionOnly { return !a.completionOnly }
            if a.matched != b.matched { return a.matched > b.matched }
            if a.score != b.score { return a.score > b.score }
            return a.section < b.section
        }
    }

    struct SlotTerms {
        var slot: SearchQuery.Slot
        var alternatives: [TermResolver.Alternative]
        /// Every term the slot accepts, for phrases and titles.
        var accepted: Set<String>
    }

    /// What ranking finds before any section's text is read: the pages in order, each with its
    /// sections (the best first), and the dictionary and postings files it loaded on the way.
    struct Found {
        var query: SearchQuery
        var slots: [SlotTerms]
        var resolver: TermResolver
        var pages: [[Hit]]
    }

    public func search(_ text: String, options: SearchOptions = .init()) -> SearchResponse {
        var found = find(text, typing: options.typing)
        let (query, slots, pages) = (found.query, found.slots, found.pages)

        // Re-rank the first pages by what their best section's text shows.
        var loaded: Set<Int> = []
        let required = slots.filter(\.slot.required)
        let window = min(SearchRanking.rerankWindow, pages.count)
        let words = query.groupSizes.filter { $0 > 0 }.count
        var boosted: [(index: Int, score: Double, completionOnly: Bool)] = (0..<window).map { position in
            let best = pages[position][0]
            loaded.insert(best.section)
            let boost = SectionBoost.factor(index.sections[best.section], required: required)
            let matching = pages[position].filter { !$0.completionOnly && $0.matched == best.matched }.count
            let focus = SearchRanking.focus(matching: matching, sections: sectionsOfPage[pageOfSection[best.section]])
            return (position, SearchRanking.rerankedScore(best.score, boost: boost, missingWords: words - best.matched, focus: focus),
                    best.completionOnly)
        }
        boosted.sort { a, b in
            if a.completionOnly != b.completionOnly { return !a.completionOnly }
            if a.score != b.score { return a.score > b.score }
            return a.index < b.index
        }
        let order = boosted.map(\.index) + Array(window..<pages.count)
        var finalScore: [Int: Double] = [:]
        for entry in boosted { finalScore[entry.index] = entry.score }

        // Results with their snippets.
        let matchedTerms = Set(slots.flatMap { $0.alternatives.filter(\.marked).map { index.terms[$0.term].term } })
        var results: [SearchResult] = []
        for position in order.dropFirst(options.offset).prefix(max(0, options.limit)) {
            let hits = pages[position]
            let first = index.sections[hits[0].section]
            var sections: [SectionHit] = []
            for hit in hits.prefix(max(1, options.sectionsPerPage)) {
                loaded.insert(hit.section)
                let stored = index.sections[hit.section]
                sections.append(SectionHit(section: hit.section, anchor: stored.anchor, heading: stored.heading,
                                           parentHeading: stored.parentHeading, score: hit.score,
                                           snippet: SnippetMaker.snippet(stored.text, terms: matchedTerms)))
            }
            results.append(SearchResult(page: first.page, pageTitle: first.pageTitle, skill: first.skill,
                                        score: finalScore[position] ?? hits[0].score, matched: hits[0].matched,
                                        words: words, sections: sections))
        }

        var suggestions: [String] = []
        if pages.isEmpty { suggestions = suggest(query, resolver: &found.resolver) }
        let terms = slots.flatMap { $0.alternatives.filter(\.marked).map { index.terms[$0.term].term } }
        return SearchResponse(results: results, total: pages.count, terms: Self.unique(terms),
                              suggestions: suggestions, files: files(found.resolver, loaded: loaded))
    }

    /// The index files `search(text).files` lists, found without reading any section's text (as
    /// the build's first-query figure needs, for many queries). With the default options the
    /// pages shown are the first `rerankWindow` pages, each with its best section: re-ranking only
    /// reorders them, so neither the boosts nor the snippets change which files are loaded.
    public func firstQueryFiles(_ text: String) -> [String] {
        let reads = firstQueryReads(text)
        return Self.files(reads.files, loaded: reads.sections, of: index)
    }

    /// What `firstQueryFiles` is made of: the entry, dictionary and postings files the query
    /// reads, and the sections whose document files it loads. A rebuild keeps them for a query
    /// whose files it leaves unchanged (`SearchIndexBuilder.firstQueryFiles`).
    func firstQueryReads(_ text: String) -> (files: [String], sections: [Int]) {
        var room = Room(sections: index.sections.count)
        return firstQueryReads(text, room: &room)
    }

    /// As `firstQueryReads(_:)`, ranking in `room`, which queries run one after another share.
    func firstQueryReads(_ text: String, room: inout Room) -> (files: [String], sections: [Int]) {
        let shown = max(SearchRanking.rerankWindow, SearchOptions().limit)
        var scored = score(text, typing: nil, room: &room)
        if scored.hits.isEmpty { _ = suggest(scored.query, resolver: &scored.resolver) }
        return (scored.resolver.files.sorted(), bestOfFirstPages(scored.hits, count: shown, room: &room).sorted())
    }

    /// The best section of each of the first `count` pages `find` would give for `hits`, found
    /// without ordering them all: a page's first hit there is its best (`Hit.precedes`; a long
    /// section's parts are on one page, so no part shown before can hide it), and the pages
    /// come in the order of their best hits. Sorting and grouping every hit (hundreds of
    /// thousands of sections for a common word on 10,000 skills) was most of the build's
    /// sample first queries, and grew faster than the collection.
    private func bestOfFirstPages(_ hits: [Hit], count: Int, room: inout Room) -> [Int] {
        // By page touched: its best hit so far, as a place in `hits` (`room.pageSlot`).
        var pages: [Int] = []
        for (position, hit) in hits.enumerated() {
            let page = pageOfSection[hit.section]
            let best = room.pageSlot[page]
            if best < 0 {
                room.pageSlot[page] = position
                pages.append(page)
            } else if Hit.precedes(hit, hits[best]) {
                room.pageSlot[page] = position
            }
        }
        // The first `count` of the pages' best hits, in order, kept as they come.
        var first: [Hit] = []
        for page in pages {
            let best = hits[room.pageSlot[page]]
            room.pageSlot[page] = -1
            guard first.count < count || Hit.precedes(best, first[first.count - 1]) else { continue }
            let place = first.firstIndex { Hit.precedes(best, $0) } ?? first.count
            first.insert(best, at: place)
            if first.count > count { first.removeLast() }
        }
        return first.map(\.section)
    }

    /// The files a browser loads: the dictionary and postings files the resolver read, the
    /// document files of the sections `loaded`, and the shared words when any section is read.
    private func files(_ resolver: TermResolver, loaded: Set<Int>) -> [String] {
        Self.files(resolver.files, loaded: loaded, of: index)
    }

    static func files<Files: Sequence<String>, Sections: Collection<Int>>(_ read: Files, loaded: Sections,
                                                                          of index: SearchIndex) -> [String] {
        var files = Set(read)
        for section in loaded {
            files.insert(SearchIndexFiles.documents(SearchIndexLayout.file(of: section, starts: index.layout.documentStarts)))
        }
        if !loaded.isEmpty && !index.sharedWords.isEmpty { files.insert(SearchIndexFiles.words) }
        return files.sorted()
    }

    /// Ranking's arrays by section, all at zero (`false`, -1 for `pageSlot`) between queries:
    /// `find` sets back only what it touched. The build's sample first queries (25 of them, to
    /// measure what a first query downloads) each made eight arrays as long as the index's
    /// sections, and the kernel's zeroed pages were a third of their profile.
    struct Room {
        var scores: [Double]
        /// By section, `groups` counts each (the most any query so far had).
        var parts: [Int]
        var groups: Int
        var scored: [Bool]
        var completed: [Double]
        var best: [Double]
        var found: [Bool]
        var shownHeads: [Bool]
        /// By page.
        var pageSlot: [Int] = []

        init(sections: Int) {
            scores = Array(repeating: 0, count: sections)
            groups = 0
            parts = []
            scored = Array(repeating: false, count: sections)
            completed = Array(repeating: 0, count: sections)
            best = Array(repeating: 0, count: sections)
            found = Array(repeating: false, count: sections)
            shownHeads = Array(repeating: false, count: sections)
        }

        /// Makes room for `groups` counts per section and `pages` pages.
        mutating func prepare(groups: Int, pages: Int) {
            if groups > self.groups {
                self.groups = groups
                parts = Array(repeating: 0, count: scores.count * groups)
            }
            if pageSlot.count < pages { pageSlot = Array(repeating: -1, count: pages) }
        }
    }

    /// Resolves the query's words and ranks sections, grouped by page.
    private func find(_ text: String, typing: Bool?) -> Found {
        var room = Room(sections: index.sections.count)
        return find(text, typing: typing, room: &room)
    }

    private func find(_ text: String, typing: Bool?, room: inout Room) -> Found {
        var scored = score(text, typing: typing, room: &room)
        scored.hits.sort(by: Hit.precedes)
        let ranked = scored.hits

        // Group by page, in the order of each page's best section; of a long section's parts, the best.
        var pages: [[Hit]] = []
        for hit in ranked where !room.shownHeads[headOfSection[hit.section]] {
            room.shownHeads[headOfSection[hit.section]] = true
            let page = pageOfSection[hit.section]
            if room.pageSlot[page] >= 0 {
                pages[room.pageSlot[page]].append(hit)
            } else {
                room.pageSlot[page] = pages.count
                pages.append([hit])
            }
        }
        // Set back for the next query.
        for hit in ranked { room.shownHeads[headOfSection[hit.section]] = false }
        for page in pages { room.pageSlot[pageOfSection[page[0].section]] = -1 }
        return Found(query: scored.query, slots: scored.slots, resolver: scored.resolver, pages: pages)
    }

    /// What scoring finds: the sections with their scores, in no order (`find` ranks them).
    private struct Scored {
        var query: SearchQuery
        var slots: [SlotTerms]
        var resolver: TermResolver
        var hits: [Hit]
    }

    /// Resolves the query's words and scores the sections they are in. `room` is as it was
    /// after: only `pageSlot` (all -1) is left for the caller to use.
    private func score(_ text: String, typing: Bool?, room: inout Room) -> Scored {
        let query = SearchQuery(text, typing: typing)
        var resolver = TermResolver(index: index)
        let slots = query.slots.map { resolve($0, with: &resolver) }

        // Score sections, slot by slot; count the query words each section has all parts of.
        // Completions of a finished word being typed (unmarked) score apart, in `completed`.
        // Scores live in arrays indexed by section, with the list of the sections touched: a
        // common word has postings in most sections, and dictionaries of them (with a copy of a
        // section's parts array at every slot) made the build's sample queries, which measure
        // the first query's download, cost seconds on 10,000 skills.
        let groups = query.groupSizes.count
        room.prepare(groups: groups, pages: sectionsOfPage.count)
        var scoredSections: [Int] = []
        var completedSections: [Int] = []
        var bestSections: [Int] = []
        for slot in slots {
            for alternative in slot.alternatives {
                let frequency = alternative.rarityFrequency ?? index.terms[alternative.term].postingCount
                let rarity = Self.rounded(SearchRanking.rarity(documentFrequency: frequency,
                                                               sections: index.sections.count))
                for posting in resolver.postings(alternative.term) {
                    let section = posting.section
                    let value = alternative.weight * rarity
                        * (Double(posting.weight) / Double(SearchRanking.weightSteps) * SearchRanking.maximumTermWeight)
                    // A section is listed the first time its value passes 0 (as a dictionary
                    // entry was made only then).
                    if alternative.marked {
                        if value > room.best[section] {
                            if room.best[section] == 0 { bestSections.append(section) }
                            room.best[section] = value
                        }
                    } else if value * slot.slot.scale > room.completed[section] {
                        if room.completed[section] == 0 { completedSections.append(section) }
                        room.completed[section] = value * slot.slot.scale
                    }
                }
            }
            for section in bestSections {
                if !room.scored[section] { room.scored[section] = true; scoredSections.append(section) }
                room.scores[section] += room.best[section] * slot.slot.scale
                if slot.slot.required { room.parts[section * groups + slot.slot.group] += 1 }
                room.best[section] = 0
            }
            bestSections.removeAll(keepingCapacity: true)
        }
        // Counted in place: a slice and a filtered array per section were most of scoring's
        // time for a common word.
        var ranked: [Hit] = []
        ranked.reserveCapacity(scoredSections.count + completedSections.count)
        for section in scoredSections {
            var any = false, matched = 0
            for group in 0..<groups {
                let parts = room.parts[section * groups + group]
                if parts > 0 {
                    any = true
                    if parts == query.groupSizes[group] { matched += 1 }
                }
            }
            guard any else { continue }
            ranked.append(Hit(section: section, score: room.scores[section], matched: matched, completionOnly: false))
        }
        // Sections found only by completing a finished word come after all the others, so that
        // the query ranks the same while typed as once finished (the dropdown and the results page).
        for hit in ranked { room.found[hit.section] = true }
        let completedMatches = query.groupSizes.last == 1 ? 1 : 0
        for section in completedSections where !room.found[section] {
            ranked.append(Hit(section: section, score: room.completed[section], matched: completedMatches, completionOnly: true))
        }

        // Set back for the next query.
        for section in scoredSections {
            room.scores[section] = 0
            room.scored[section] = false
            room.found[section] = false
            for group in 0..<groups { room.parts[section * groups + group] = 0 }
        }
        for section in completedSections { room.completed[section] = 0 }
        return Scored(query: query, slots: slots, resolver: resolver, hits: ranked)
    }

    /// The terms a slot matches: exact first, then completions of a word being typed, then, for a
    /// long word with few exact matches, terms one edit away.
    private func resolve(_ slot: SearchQuery.Slot, with resolver: inout TermResolver) -> SlotTerms {
        var alternatives: [TermResolver.Alternative] = []
        var seen: Set<Int> = []
        for term in slot.exact {
            if let found = resolver.exact(term), seen.insert(found).inserted {
                alternatives.append(.init(term: found, weight: SearchRanking.exactMatch))
            }
        }
        var accepted = Set(slot.exact)
        // A word being typed that is already a word of the index ("bar" in "tab bar") is most
        // likely finished: its completions ("barrel") still find pages, ranked below, but they
        // are not marked and earn no title or phrase boost, so exact words outrank them.
        let isWord = !alternatives.isEmpty
        if slot.prefix {
            for term in resolver.completions(of: slot.word, excluding: seen) {
                seen.insert(term)
                alternatives.append(.init(term: term, weight: SearchRanking.prefixMatch, marked: !isWord))
                if !isWord { accepted.insert(index.terms[term].term) }
            }
        }
        // Unmarked completions do not count: a finished word is forgiven typos as once the query is finished.
        let found = alternatives.filter(\.marked).reduce(0) { $0 + index.terms[$1.term].postingCount }
        if slot.allowsTypo, slot.word.utf16.count >= SearchRanking.minimumTypoLength, found < SearchRanking.fewMatches {
            let corrections = resolver.neighbours(of: slot.word, stem: slot.exact[0], distance: 1, excluding: seen)
                .prefix(SearchRanking.maximumTypoTerms)
            let likeliest = corrections.first.map { index.terms[$0.term].postingCount } ?? 0
            for near in corrections {
                seen.insert(near.term)
                let weight = SearchRanking.typoWeight(documentFrequency: index.terms[near.term].postingCount, likeliest: likeliest)
                alternatives.append(.init(term: near.term, weight: weight, rarityFrequency: likeliest))
                accepted.insert(index.terms[near.term].term)
            }
        }
        return SlotTerms(slot: slot, alternatives: alternatives, accepted: accepted)
    }

    /// Up to five known words closest to the query's words, as readers write them.
    private func suggest(_ query: SearchQuery, resolver: inout TermResolver) -> [String] {
        var candidates: [(term: Int, distance: Int)] = []
        for slot in query.slots where slot.allowsTypo && slot.word.utf16.count >= 3 {
            candidates += resolver.neighbours(of: slot.word, stem: slot.exact[0], distance: 2, excluding: [])
        }
        candidates.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            let dfA = index.terms[a.term].postingCount, dfB = index.terms[b.term].postingCount
            return dfA != dfB ? dfA > dfB : a.term < b.term
        }
        return Array(Self.unique(candidates.map { index.terms[$0.term].shown }).prefix(5))
    }

    /// Rarity rounded to six decimals, so that a last-bit difference between two maths libraries
    /// cannot reorder results between this engine and the browser's.
    static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }

    static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
