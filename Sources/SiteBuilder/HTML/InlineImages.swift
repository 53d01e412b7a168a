import SkillParser

/// The `data:` URLs of the SVG images that pages show inline, each file read and encoded once
/// while planning (`SVGImage.inlineURL` decides which). The copy plan leaves these files out,
/// the renderer reads their URLs here, and a page's input key takes the URLs of its images, so
/// an edited SVG makes the pages that show it again.
struct InlineImages: Sendable {
    private let urls: [String: String]

    /// Reads the SVG images among `assets` (root-relative paths of files shown as images).
    init(assets: Set<String>, root: String) {
        let candidates = assets.filter(SVGImage.isSVG).sorted()
        let found = Parallel.map(candidates, minimumChunk: 8) { SVGImage.inlineURL(forImage: $0, root: root) }
        var urls: [String: String] = [:]
        for (asset, url) in zip(candidates, found) where url != nil { urls[asset] = url }
        self.urls = urls
    }

    /// The `data:` URL the image `asset` is shown as, or `nil` when the page links to the copied file.
    func url(for asset: String) -> String? {
        urls[asset]
    }
}
