/// A template rendered where another one reads a name: the page's template where the layout
/// says `{{{content}}}`, written straight into the layout's buffer, so that a page's content is
/// not rendered into a buffer of its own and copied into a `String` (validated on the way) and
/// then back into the layout's buffer.
///
/// The name reads as a member of an object just inside the other template's root values whose
/// value is the embedded template's text: a section's value with a member of that name hides it,
/// and any other use of it (`{{content}}`, a section) sees the text, made then.
struct MustacheEmbedding {
    let name: MustacheName
    let template: MustacheTemplate
    /// The values the embedded template renders with, as it would on its own.
    let context: MustacheContext
}
