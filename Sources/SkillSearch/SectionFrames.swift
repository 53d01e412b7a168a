/// A document's sections without their texts, as the index state keeps them
/// (`SearchIndexState.frames`): a patched rebuild takes the unchanged documents' sections from
/// there, and reads a text only for the document files it writes.
///
/// The number of sections, then 1 and the page, page title and skill once when every section
/// shares them (a document's sections do), then per section its anchor, heading and parent
/// heading; or 0, then per section all six. Strings are their UTF-8 length and bytes (LEB128).
/// Written per section as the counts file does, the page, title and skill were twice the rest.
enum SectionFrames {
    static func encode(_ sections: ArraySlice<SearchSection>) -> [UInt8] {
        var writer = CacheWriter()
        writer.number(sections.count)
        let first = sections.first
        let shared = sections.allSatisfy { $0.page == first?.page && $0.pageTitle == first?.pageTitle && $0.skill == first?.skill }
        writer.number(shared ? 1 : 0)
        if shared, let first {
            writer.string(first.page)
            writer.string(first.pageTitle)
            writer.string(first.skill)
        }
        for section in sections {
            if !shared {
                writer.string(section.page)
                writer.string(section.pageTitle)
                writer.string(section.skill)
            }
            writer.string(section.anchor)
            writer.string(section.heading)
            writer.string(section.parentHeading)
        }
        return writer.bytes
    }

    /// Decodes the `count` sections `encode` wrote into `output`, which it initializes whole
    /// (with empty sections after any that do not parse); `false` when they do not parse or are
    /// not `count`. Decoded in place: joining each document's array of sections copied every
    /// section's seven strings a second time.
    static func decode(_ bytes: ArraySlice<UInt8>, count: Int, into output: UnsafeMutablePointer<SearchSection>) -> Bool {
        var done = 0
        defer {
            for position in done..<count { (output + position).initialize(to: SearchSection(page: "", pageTitle: "")) }
        }
        var reader = CacheReader(bytes)
        guard let written = reader.number(), written == count, let shared = reader.number(), shared <= 1 else { return false }
        var page = "", title = "", skill = ""
        if shared == 1, count > 0 {
            guard let readPage = reader.string(), let readTitle = reader.string(), let readSkill = reader.string() else { return false }
            (page, title, skill) = (readPage, readTitle, readSkill)
        }
        while done < count {
            if shared == 0 {
                guard let readPage = reader.string(), let readTitle = reader.string(), let readSkill = reader.string() else { return false }
                (page, title, skill) = (readPage, readTitle, readSkill)
            }
            guard let anchor = reader.string(), let heading = reader.string(), let parent = reader.string() else { return false }
            (output + done).initialize(to: SearchSection(page: page, anchor: anchor, pageTitle: title, heading: heading,
                                                         parentHeading: parent, skill: skill))
            done += 1
        }
        return reader.atEnd
    }
}
