import SkillParser

/// Counts the documents of a run of the collection on one core: each document's sections with,
/// per section, its terms and their field-weighted frequencies (`DocumentCounts`). The batch's
/// own term table numbers the terms of all its documents, so that assembling the index looks
/// each term up once per batch, not once per document.
struct CountedBatch: Sendable {
    var documents: [DocumentCounts] = []
    /// Per document, the number in `terms` of each of its terms.
    var documentTerms: [[UInt32]] = []
    /// The batch's term table.
    var terms: [String] = []

    /// The batch's terms by their bytes, each with its number (its place in `terms`). A
    /// `WordFormTable`, which holds a term of up to 16 bytes in its slot: a `ByteStringTable`
    /// read the key's offsets and bytes elsewhere, cache misses that were a third of working out
    /// a new word form's terms.
    private var numbers = WordFormTable()
    /// Every word form and Han or kana pair met so far, by its bytes, with the terms it gives:
    /// the tokenizer's rules run once per form, not once per occurrence.
    /// Each form's value is its one outcome or the run of `outcomes` it gives (`value(_:_:_:)`).
    private var forms = WordFormTable()
    private var outcomes: [Outcome] = []
    /// The written forms that stemming changed, by their text, with the term each is a form of.
    private var surfaces: [String: Int] = [:]
    private var surfaceTexts: [String] = []

    // The document being counted.
    private var current = DocumentCounts()
    private var currentTerms: [UInt32] = []
    /// By batch term: its number in the current document (-1: not in it yet).
    private var local: [Int32] = []
    /// By term of the current document: where it sits in the current section's entries (-1: not yet).
    private var slots: [Int32] = []
    /// By surface form: where it sits in the current document's `otherForms` (-1: not yet).
    private var surfaceSlots: [Int32] = []
    /// The surface forms of the current document, by number.
    private var currentSurfaces: [Int] = []

    /// A term a word form gives, and how it counts as a written form of the term.
    private struct Outcome {
        var term: UInt32
        /// `Outcome.own`: the term written as itself; `Outcome.none`: not a form (a whole
        /// identifier, a pair of characters); else the number of the surface form.
        var form: Int32
        static let own: Int32 = -1
        static let none: Int32 = -2
    }

    /// Splits and counts one document, section by section as the splitter finds them.
    mutating func add(_ document: Document, skill: Skill?) {
        SectionSplitter.forEachSection(of: document, skill: skill) { add($0) }
        finishDocument()
    }

    /// Counts one document split into `sections`.
    mutating func add(_ sections: [SplitSection]) {
        for section in sections { add(section) }
        finishDocument()
    }

    /// Adds a document counted by an earlier build, as the build cache keeps it
    /// (`SearchIndexCache`), numbering its terms straight from their bytes; returns whether it
    /// decoded (a document that does not is left out, to be counted anew).
    mutating func add(cached payload: ArraySlice<UInt8>) -> Bool {
        var terms: [ArraySlice<UInt8>] = []
        guard let counts = SearchIndexCache.decode(payload, term: { terms.append($0) }) else { return false }
        // Numbered only once the whole document decoded: a damaged one adds no term.
        documentTerms.append(terms.map { term in term.withUnsafeBufferPointer { number(ofBytes: $0) } })
        documents.append(counts)
        return true
    }

    /// The counts of document `number` with its terms by text, as the build cache keeps them.
    func counts(withTerms number: Int) -> DocumentCounts {
        var counts = documents[number]
        counts.terms = documentTerms[number].map { terms[Int($0)] }
        return counts
    }

    /// Counts one section of the current document; its field texts are not kept.
    private mutating func add(_ split: SplitSection) {
        let first = current.entries.count
        var length = 0
        for field in SearchField.allCases {
            let text = split.text(of: field)
            guard !text.isEmpty else { continue }
            let count = text.withUnsafeBufferPointer { self.count($0, weight: UInt32(field.weight * 2), field: field) }
            if field.isLong { length += count }
            if field == .description, count > 0 { current.descriptionLengths[current.lengths.count] = count }
        }
        for entry in current.entries[first...] { slots[Int(entry.term)] = -1 }
        current.sectionEnds.append(current.entries.count)
        current.lengths.append(length)
        current.sections.append(split.section)
    }

    private mutating func finishDocument() {
        for term in currentTerms { local[Int(term)] = -1 }
        for surface in currentSurfaces { surfaceSlots[surface] = -1 }
        currentSurfaces.removeAll(keepingCapacity: true)
        // The document's terms by text are not kept (`documentTerms` numbers them; see
        // `counts(withTerms:)`): 16 bytes a term and document, 24 MB for a 37 MB collection.
        // Every document's counts are held until the index is assembled: without the room their
        // growth left (a quarter of them on average), which was tens of megabytes at the peak.
        // The arrays that grow by a term at a time are filled in room kept from document to
        // document and copied out at their size (growing them anew for each document was a
        // tenth of counting's profile).
        var counts = current
        counts.entries = Self.sized(current.entries)
        counts.otherForms = Self.sized(current.otherForms)
        counts.ownForm = Self.sized(current.ownForm)
        counts.sectionEnds.dropSpareCapacity()
        counts.lengths.dropSpareCapacity()
        counts.sections.dropSpareCapacity()
        documents.append(counts)
        documentTerms.append(Self.sized(currentTerms))
        current.entries.removeAll(keepingCapacity: true)
        current.otherForms.removeAll(keepingCapacity: true)
        current.ownForm.removeAll(keepingCapacity: true)
        currentTerms.removeAll(keepingCapacity: true)
        current.sectionEnds = []
        current.lengths = []
        current.sections = []
        current.descriptionLengths = [:]
        current.descriptionTwice = [:]
        slots.removeAll(keepingCapacity: true)
    }

    /// A copy of `array` in storage of its own size.
    private static func sized<Element>(_ array: [Element]) -> [Element] {
        Array(unsafeUninitializedCapacity: array.count) { buffer, initialized in
            array.withUnsafeBufferPointer { elements in _ = buffer.initialize(fromContentsOf: elements) }
            initialized = array.count
        }
    }

    /// Counts the terms of one field's text; returns how many there were.
    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, weight: UInt32, field: SearchField) -> Int {
        var scanner = TokenScanner()
        scanner.keepsASCII = false
        var tokens = 0
        do {
            TokenScanner.scan(bytes, using: &scanner) { piece, scanner in
                switch piece {
                case .word:
                    var value = scanner.withKeptBytes(of: bytes) { key in
                        let found = forms.find(key)
                        return found.found ? forms.value(at: found.slot) : nil
                    }
                    if value == nil {
                        let start = outcomes.count
                        scanner.fillASCII(of: bytes)
                        addOutcomes(ofWord: scanner.scalars)
                        let made = Self.value(start, outcomes.count, outcomes)
                        scanner.withKeptBytes(of: bytes) { key in forms.insert(key, value: made, at: forms.find(key).slot) }
                        value = made
                    }
                    if let single = Self.single(value!) {
                        tokens += 1
                        add(single, weight: weight, field: field)
                        return
                    }
                    // By index, not through a slice of `outcomes`: a slice per word retained the array.
                    var outcome = Int(truncatingIfNeeded: value! & 0xFFFF_FFFF)
                    let end = Int(truncatingIfNeeded: value! >> 32)
                    tokens += end - outcome
                    while outcome < end {
                        add(outcomes[outcome], weight: weight, field: field)
                        outcome += 1
                    }
                case .run:
                    for pair in SearchTokenizer.bigrams(scanner.scalars.count) {
                        let lower = scanner.starts[pair.lowerBound]
                        let upper = pair.upperBound < scanner.starts.count ? scanner.starts[pair.upperBound] : scanner.end
                        // Words never hold Han or kana, so pairs and words cannot share bytes.
                        let key = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
                        let found = forms.find(key)
                        let outcome: Outcome
                        if found.found, let single = Self.single(forms.value(at: found.slot)) {
                            outcome = single
                        } else {
                            outcome = Outcome(term: number(of: SearchTokenizer.bigramTerm(scanner.scalars[pair])), form: Outcome.none)
                            forms.insert(key, value: Self.inline(outcome), at: found.slot)
                        }
                        add(outcome, weight: weight, field: field)
                        tokens += 1
                    }
                }
            }
        }
        return tokens
    }

    /// Works out the terms of a word form met for the first time.
    private mutating func addOutcomes(ofWord scalars: [Unicode.Scalar]) {
        // Each form comes here once: a cache of its words would only cost.
        var noCache: SearchTokenizer.WordCache?
        for token in SearchTokenizer.wordTokens(scalars, cache: &noCache).tokens {
            let term = number(of: token.term)
            var form = Outcome.none
            if token.kind == .word || token.kind == .part {
                if let surface = token.surface {
                    if let known = surfaces[surface] {
                        form = Int32(known)
                    } else {
                        form = Int32(surfaceTexts.count)
                        surfaces[surface] = surfaceTexts.count
                        surfaceTexts.append(surface)
                        surfaceSlots.append(-1)
                    }
                } else {
                    form = Outcome.own
                }
            }
            outcomes.append(Outcome(term: term, form: form))
        }
    }

    /// The value of a form that gives `outcomes[start..<end]`: the one outcome itself when there
    /// is one (`inline`), most forms, which are then counted without reading `outcomes`; else
    /// the run, `start | end << 32`. Reading the outcome of each word from `outcomes`, an array
    /// of all the batch's forms' outcomes, missed the cache: a sixth of counting's own samples.
    private static func value(_ start: Int, _ end: Int, _ outcomes: [Outcome]) -> UInt64 {
        end == start + 1 ? inline(outcomes[start]) : UInt64(UInt32(start)) | UInt64(UInt32(end)) << 32
    }

    /// A form's value holding its one outcome: the top bit set, the form plus 2 (0 or more) in
    /// the high half, the term in the low half. A run's end never reaches the top bit.
    private static func inline(_ outcome: Outcome) -> UInt64 {
        1 << 63 | UInt64(UInt32(outcome.form + 2)) << 32 | UInt64(outcome.term)
    }

    /// The one outcome a form's value holds, or `nil` for a run.
    @inline(__always)
    private static func single(_ value: UInt64) -> Outcome? {
        guard value >> 63 != 0 else { return nil }
        return Outcome(term: UInt32(truncatingIfNeeded: value), form: Int32(truncatingIfNeeded: (value >> 32) & 0x7FFF_FFFF) - 2)
    }

    @inline(__always)
    private mutating func add(_ outcome: Outcome, weight: UInt32, field: SearchField) {
        var term = Int(local[Int(outcome.term)])
        if term < 0 {
            term = currentTerms.count
            local[Int(outcome.term)] = Int32(term)
            currentTerms.append(outcome.term)
            current.ownForm.append(0)
            slots.append(-1)
        }
        var slot = Int(slots[term])
        if slot < 0 {
            slot = current.entries.count
            slots[term] = Int32(slot)
            current.entries.append(DocumentCounts.Entry(term: UInt32(term), shortTwice: 0, longTwice: 0))
        }
        if field == .description {
            current.descriptionTwice[slot, default: 0] += weight
        } else if field.isLong {
            current.entries[slot].longTwice += weight
        } else {
            current.entries[slot].shortTwice += weight
        }
        if outcome.form >= 0 {
            var form = Int(surfaceSlots[Int(outcome.form)])
            if form < 0 {
                form = current.otherForms.count
                surfaceSlots[Int(outcome.form)] = Int32(form)
                currentSurfaces.append(Int(outcome.form))
                current.otherForms.append(.init(term: UInt32(term), surface: surfaceTexts[Int(outcome.form)], count: 0))
            }
            current.otherForms[form].count += 1
        } else if outcome.form == Outcome.own {
            current.ownForm[term] += 1
        }
    }

    /// Drops what only counting needed (the word forms and the term lookup), keeping the counts.
    mutating func finish() {
        numbers = WordFormTable()
        forms = WordFormTable()
        outcomes = []
        surfaces = [:]
        surfaceTexts = []
        local = []
        slots = []
        surfaceSlots = []
    }

    private mutating func number(of term: String) -> UInt32 {
        var bytes = term
        return bytes.withUTF8 { number(ofBytes: $0, text: term) }
    }

    /// The number of the term of UTF-8 `bytes`; `text`, when given, is that term as a string.
    private mutating func number(ofBytes bytes: UnsafeBufferPointer<UInt8>, text: String? = nil) -> UInt32 {
        let found = numbers.find(bytes)
        if found.found { return UInt32(truncatingIfNeeded: numbers.value(at: found.slot)) }
        let number = terms.count
        numbers.insert(bytes, value: UInt64(number), at: found.slot)
        terms.append(text ?? String(decoding: bytes, as: UTF8.self))
        local.append(-1)
        return UInt32(number)
    }
}
