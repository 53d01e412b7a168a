/// Where a link, an image or a raw-HTML reference of a document leads. It is decided once,
/// when the graph is built: `check` reports the broken ones, `graph --format json` prints it,
/// and the site only turns it into an href, so the three cannot disagree.
public enum LinkResolution: Hashable, Sendable {
    /// A URL with a scheme or `//host`; never fetched.
    case external(String)
    /// A Markdown document of the collection, with what became of the `#anchor`. A link to a
    /// folder leads to the folder's skill, else its README.md or index.md.
    case document(path: String, anchor: AnchorMatch)
    /// Another file inside the content root (an image, a script, a PDF); the site copies it.
    case file(path: String)
    /// Nothing to link to, and why.
    case broken(BrokenLink)

    /// Whether a reader following the link would not get where it says: a missing target or
    /// a missing anchor.
    public var isBroken: Bool {
        switch self {
        case .broken: true
        case .document(_, .missing): true
        default: false
        }
    }
}

/// What a link's `#anchor` names in its target document.
public enum AnchorMatch: Hashable, Sendable {
    /// No anchor, or an empty one: the top of the page.
    case none
    /// A heading's anchor or an HTML `id`/`name`, exactly as written.
    case exact(String)
    /// `#top`, which HTML itself defines as the top of the page.
    case top
    /// `#user-content-x` for the anchor `x`: GitHub prefixes the ids it renders, and links may
    /// be written either way.
    case prefixed(String)
    /// An anchor that differs only in letter case. github.com's page script finds it, browsers
    /// and every other host do not; the site links the exact id.
    case caseOnly(id: String)
    /// No anchor of the target matches.
    case missing

    /// The id a page links to: the one that exists, exactly as the target spells it.
    public var id: String? {
        switch self {
        case .exact(let id), .prefixed(let id), .caseOnly(let id): id
        case .none, .top, .missing: nil
        }
    }
}

/// Why a link leads nowhere.
public enum BrokenLink: Hashable, Sendable {
    /// `[text]()`.
    case empty
    /// Nothing exists at the resolved root-relative path.
    case missing(path: String)
    /// The path exists only with other letter case; `actual` is the path on disk.
    case caseMismatch(path: String, actual: String)
    /// The path climbs above the content root, or a symbolic link leads out of it.
    case outsideRoot(path: String)
    /// A folder with no SKILL.md, README.md or index.md, so no page to show.
    case folder(path: String)
    /// A `javascript:`, `vbscript:`, `data:` or `file:` URL, which the site never publishes.
    case unsafeScheme(String)
    /// A URL such as `http://host:port` that cannot be a working link.
    case malformedURL(String)

    /// A lower-case phrase for the site's tooltip.
    public var reason: String {
        switch self {
        case .empty: "the link has no destination"
        case .missing(let path): "\(path) does not exist in the collection"
        case .caseMismatch(let path, let actual): "\(path) exists only as \(actual)"
        case .outsideRoot(let path): "\(path) is outside the collection"
        case .folder(let path): "\(path) is a folder without a page"
        case .unsafeScheme(let scheme): "\(scheme): links are not allowed"
        case .malformedURL(let url): "\(url) is not a valid URL"
        }
    }
}

/// A link, an image or a raw-HTML `href`/`src`/`srcset` of a document, resolved.
public struct LinkReference: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `[text](x)`.
        case link
        /// `![alt](x)`.
        case image
        /// `<a href="x">` in raw HTML.
        case htmlLink
        /// `<img src="x">`, or one candidate of a `srcset`, in raw HTML.
        case htmlImage

        public var isImage: Bool { self == .image || self == .htmlImage }
    }

    public var kind: Kind
    /// The destination as written.
    public var destination: String
    /// The link's text, or an image's alt text (empty for raw HTML).
    public var text: String
    public var location: SourceLocation
    public var resolution: LinkResolution
}

/// What a code span names: a skill of the collection, or a path to one of its documents.
public enum Mention: Hashable, Sendable {
    case skill(String)
    case path(String)
}
