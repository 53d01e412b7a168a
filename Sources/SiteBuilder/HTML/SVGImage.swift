import Foundation

/// An SVG image shown by a page. An SVG file may carry script, which runs when the file is
/// opened from the site's own origin; shown through `<img>` from a `data:` URL it is only a
/// picture (browsers run no script in images and refuse to open `data:` pages at the top
/// level). So SVG images are inlined this way and the file itself is only published as text.
enum SVGImage {
    /// Larger images are not inlined; the page then links to the file's text instead.
    static let maximumBytes = 1024 * 1024

    static func isSVG(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".svg")
    }

    /// The `data:` URL an image link to the collection file `asset` is shown as, or `nil` when
    /// the page links to the copied file instead. The page and the copy plan both ask here, so a
    /// file is copied exactly when a page needs it.
    static func inlineURL(forImage asset: String, root: String) -> String? {
        isSVG(asset) ? dataURL(asset, root: root) : nil
    }

    /// The `data:` URL of the SVG at the root-relative `path`, or `nil` when it cannot be read
    /// or is too large.
    static func dataURL(_ path: String, root: String) -> String? {
        let file = URL(fileURLWithPath: root).appendingPathComponent(path).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let size = attributes[.size] as? Int, size <= maximumBytes,
              let data = FileManager.default.contents(atPath: file), data.count <= maximumBytes
        else { return nil }
        return "data:image/svg+xml;base64," + data.base64EncodedString()
    }
}
