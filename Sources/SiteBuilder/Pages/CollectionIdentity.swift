import Foundation
import SkillParser

/// A collection's title, one-line description and README, decided once for the site's pages,
/// its `llms.txt` and `skillbook export`: the configuration wins, then the root README's
/// heading and first paragraph, then the root folder's name.
struct CollectionIdentity: Sendable {
    let title: String
    let description: String?
    /// The root README, linked from the home page.
    let readmePath: String?

    init(graph: SkillGraph, config: CollectionConfig) {
        let readme = ["README.md", "readme.md", "Readme.md"].first { graph.document(at: $0) != nil }
        readmePath = readme
        let readmeDocument = readme.flatMap { graph.document(at: $0) }
        title = config.title ?? readmeDocument?.title ?? URL(fileURLWithPath: graph.root).lastPathComponent
        description = config.description ?? readmeDocument.flatMap(Self.firstParagraph)
    }

    private static func isBadgeOrSpace(_ inline: Inline) -> Bool {
        switch inline {
        case .image, .softBreak, .lineBreak, .html: true
        case .text(let text): text.allSatisfy(\.isWhitespace)
        case .link(let link): link.children.allSatisfy(isBadgeOrSpace)
        default: false
        }
    }

    /// The plain text of a document's first paragraph that is not only badges.
    private static func firstParagraph(_ document: Document) -> String? {
        for block in document.markdown.blocks {
            // A paragraph of badges (images, or links around them) says nothing about the collection.
            if case .paragraph(let paragraph) = block, !paragraph.inlines.allSatisfy(isBadgeOrSpace) {
                let text = paragraph.inlines.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty { return text }
            }
        }
        return nil
    }
}
