import Foundation

/// Numbers in the site's SVG drawings (graph, groups, neighbourhood): one decimal and no
/// trailing `.0`, so the same drawing has the same bytes on every machine.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
