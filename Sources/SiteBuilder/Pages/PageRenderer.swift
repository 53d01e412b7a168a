import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// Renders one planned page: its Markdown (for skill and document pages), its template, then the layout.
struct PageRenderer: Sendable {
    let site: SiteContext

    struct Output: Sendable {
        var html: String
        /// Non-Markdown files of the collection the page links to.
        var assets: [String]
    }

    enum RenderError: Error, CustomStringConvertible {
        case missingTemplate(String)

        var description: String {
            switch self {
            case .missingTemplate(let name): "the theme has no \(name).mustache template"
            }
        }
    }

    func render(_ page: PlannedPage) throws -> Output {
        var assets: [String] = []
        let frame: PageFrame
        var values: [String: MustacheValue]
        switch page.kind {
        case .home:
            (frame, values) = HomePage.make(page: page, site: site)
        case .skill(let index):
            let skill = site.graph.skills[index]
            let body = markdown(skill.skillFile)
            assets = body.assets
            (frame, values) = SkillPage.make(skill, page: page, site: site, body: body)
        case .document(let path):
            let body = markdown(path)
            assets = body.assets
            guard let document = site.graph.document(at: path) else { return Output(html: "", assets: []) }
            (frame, values) = DocumentPage.make(document, page: page, site: site, body: body)
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
        case .search:
            (frame, values) = SearchPage.make(page: page, site: site)
        case .notFound:
            (frame, values) = NotFoundPage.make(page: page, site: site)
        }
        let root = page.kind == .notFound ? notFoundRoot : SitePaths.rootPrefix(from: page.path)
        let layout = LayoutContext.make(page: page, frame: frame, site: site, root: root)
        // Page values win over layout values of the same name (a page's own `description`).
        let context = MustacheValue.object(layout.merging(values) { _, page in page })
        guard let template = site.template(page.kind.template) else { throw RenderError.missingTemplate(page.kind.template) }
        guard let layoutTemplate = site.template("layout") else { throw RenderError.missingTemplate("layout") }
        let content = template.render(context, partial: site.template)
        var layoutValues = layout
        layoutValues["content"] = .string(content)
        return Output(html: layoutTemplate.render(.object(layoutValues), partial: site.template), assets: assets)
    }

    /// The 404 page is served at any address, so its links start from the base URL when there is one.
    private var notFoundRoot: String {
        guard let base = site.input.config.baseURL else { return "" }
        return base.hasSuffix("/") ? base : base + "/"
    }

    private func markdown(_ path: String) -> RenderedMarkdown {
        guard let document = site.graph.document(at: path) else {
            return RenderedMarkdown(html: "", assets: [], titleHTML: nil)
        }
        let resolver = LinkResolver(graph: site.graph, documentPath: path)
        return MarkdownHTML(resolver: resolver, graph: site.graph, document: document,
                            anchoredLines: site.anchoredLines[path] ?? [], reservedIDs: SiteContext.reservedIDs, strings: site.strings).render()
    }
}
