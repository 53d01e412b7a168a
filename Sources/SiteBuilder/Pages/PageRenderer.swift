import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Renders one planned page: its Markdown (for skill and document pages), its template, then the layout.
struct PageRenderer: Sendable {
    let site: SiteContext

    struct Output: Sendable {
        var html: String
    }

    enum RenderError: Error, CustomStringConvertible {
        case missingTemplate(String)

        var description: String {
            switch self {
            case .missingTemplate(let name): "the theme has no \(name).mustache template"
            }
        }
    }

    /// Everything a page's HTML is made from: its template and the values of it and of the
    /// layout. The HTML is a function of these and the theme alone, so the build cache keeps
    /// their digest (`contentHash`) instead of the HTML.
    struct Model {
        var template: String
        var layout: MustacheObject
        var values: MustacheObject
    }

    func render(_ page: PlannedPage) throws -> Output {
        let model = try self.model(page)
        return Output(html: try html(model))
    }

    /// `relations` are the page's `Relations.of(page)` when the caller has them already.
    func model(_ page: PlannedPage, relations: Relations.Lists? = nil) throws -> Model {
        let frame: PageFrame
        var values: MustacheObject
        switch page.kind {
        case .home:
            (frame, values) = HomePage.make(page: page, site: site)
        case .skill(let index):
            let skill = site.graph.skills[index]
            let body = markdown(skill.skillFile)
            (frame, values) = SkillPage.make(skill, page: page, site: site, body: body, relations: relations)
        case .document(let path):
            let body = markdown(path)
            guard let document = site.graph.document(at: path) else {
                return Model(template: "", layout: [:], values: [:])
            }
            (frame, values) = DocumentPage.make(document, page: page, site: site, body: body, relations: relations)
        case .diagnostics:
            (frame, values) = DiagnosticsPage.make(page: page, site: site)
        case .diagnosticsPart(let code, let part):
            (frame, values) = DiagnosticsPage.makePart(code: code, part: part, page: page, site: site)
        case .duplicates:
            (frame, values) = DuplicatesPage.make(page: page, site: site)
        case .duplicatesPart(let part):
            (frame, values) = DuplicatesPage.makePart(part, page: page, site: site)
        case .graph:
            (frame, values) = GraphPage.make(page: page, site: site)
        case .graphPart(let part):
            (frame, values) = GraphPage.makePart(part, page: page, site: site)
        case .search:
            (frame, values) = SearchPage.make(page: page, site: site)
        case .notFound:
            (frame, values) = NotFoundPage.make(page: page, site: site)
        }
        let root = page.kind == .notFound ? notFoundRoot : SitePaths.rootPrefix(from: page.path)
        let layout = LayoutContext.make(page: page, frame: frame, site: site, root: root)
        return Model(template: page.kind.template, layout: layout, values: values)
    }

    /// The page's HTML: its template with the layout's values and its own, inside the layout.
    /// A model without a template (a document missing from the graph) is an empty page.
    func html(_ model: Model) throws -> String {
        String(decoding: try htmlBytes(model), as: UTF8.self)
    }

    /// The page's HTML as UTF-8, as it is written.
    func htmlBytes(_ model: Model) throws -> [UInt8] {
        guard !model.template.isEmpty else { return [] }
        guard let template = site.template(model.template) else { throw RenderError.missingTemplate(model.template) }
        guard let layoutTemplate = site.template("layout") else { throw RenderError.missingTemplate("layout") }
        // Room for the body, the page's own parts (8 KB) and the layout's sidebar and head (16 KB).
        let body = model.values["body"]?.interpolatedByteCount ?? 0
        // The page's template is written where the layout reads `content`. Page values win over
        // layout values of the same name (a page's own `description`): they are the inner of its
        // two frames, which is the same as merging them, without the copy.
        let content = MustacheEmbedding(name: MustacheName("content"), template: template,
                                        context: MustacheContext(frames: [.object(model.layout), .object(model.values)]))
        return layoutTemplate.renderBytes(frames: [.object(model.layout)], partial: site.template,
                                          capacity: body + 24_576, embedding: content)
    }

    /// The 404 page is served at any address, so its links start from the base URL when there is one.
    private var notFoundRoot: String {
        guard let base = site.input.config.baseURL else { return "" }
        return base.hasSuffix("/") ? base : base + "/"
    }

    private func markdown(_ path: String) -> RenderedMarkdown {
        guard let document = site.graph.document(at: path) else {
            return RenderedMarkdown(htmlBytes: [], titleHTML: nil)
        }
        let resolver = LinkResolver(graph: site.graph, documentPath: path)
        return MarkdownHTML(resolver: resolver, graph: site.graph, document: document,
                            anchoredLines: site.anchoredLines[path] ?? [], reservedIDs: SiteContext.reservedIDs, strings: site.strings,
                            inlineImages: site.inlineImages).render()
    }
}
