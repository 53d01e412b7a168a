/// A Mustache template, parsed once and rendered many times.
///
/// Supports the required parts of the Mustache specification: escaped `{{x}}` and raw `{{{x}}}` / `{{& x}}`
/// interpolation, dotted names, the implicit iterator `{{.}}`, sections, inverted sections, comments,
/// partials (indented when standalone) and `{{=<% %>=}}` delimiter changes.
public struct MustacheTemplate: Sendable {
    /// The name used in parse errors, usually the template's file name.
    public let name: String
    /// The parsed nodes laid out flat for rendering.
    let program: MustacheProgram

    /// Parses `source`; throws a `MustacheError` with the line and column of the first problem.
    public init(_ source: String, name: String = "template") throws(MustacheError) {
        self.name = name
        let text = MustacheSource(source, name: name)
        program = MustacheProgram(try MustacheTreeBuilder.build(MustacheScanner.scan(text), source: text))
    }

    /// Renders with `context` as the root value; a partial missing from `partials` renders as nothing.
    public func render(_ context: MustacheValue, partials: [String: MustacheTemplate] = [:]) -> String {
        render(context, partial: { partials[$0] })
    }

    /// Renders with `context` as the root value, asking `partial` for each partial by name
    /// (`nil` renders as nothing).
    public func render(_ context: MustacheValue, partial: (String) -> MustacheTemplate?) -> String {
        String(decoding: renderBytes(context, partial: partial), as: UTF8.self)
    }

    /// The same as `render(_:partial:)`, as UTF-8 bytes: a page is written as it is rendered,
    /// without being turned into a `String` (which validates and copies it) and back.
    /// `capacity` is a guess of the size, so the buffer does not grow one doubling at a time.
    func renderBytes(_ context: MustacheValue, partial: (String) -> MustacheTemplate?, capacity: Int = 0) -> [UInt8] {
        renderBytes(MustacheContext(context), partial: partial, capacity: capacity)
    }

    /// The same with a context of several values (`MustacheContext(frames:)`), so that values
    /// kept apart need not be merged into one object first, and with `embedding`'s template
    /// written where this one reads its name (see `MustacheEmbedding`).
    func renderBytes(frames: [MustacheValue], partial: (String) -> MustacheTemplate?, capacity: Int = 0,
                     embedding: MustacheEmbedding? = nil) -> [UInt8] {
        renderBytes(MustacheContext(frames: frames), partial: partial, capacity: capacity, embedding: embedding)
    }

    private func renderBytes(_ context: MustacheContext, partial: (String) -> MustacheTemplate?, capacity: Int,
                             embedding: MustacheEmbedding? = nil) -> [UInt8] {
        withoutActuallyEscaping(partial) { resolve in
            var renderer = MustacheRenderer(context: context, partial: resolve, capacity: capacity, embedding: embedding)
            renderer.render(program, indentation: [])
            return renderer.output
        }
    }
}
