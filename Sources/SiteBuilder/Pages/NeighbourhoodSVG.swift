import Foundation

/// A skill's neighbourhood drawn at build time: the skills that point to it on the left, the
/// skill in the middle, the skills it points to on the right, an arrow for each connection.
/// Small and static (no script); every name links to its page, and the lists below the
/// drawing say the same in text.
struct NeighbourhoodSVG {
    struct Node {
        var name: String
        /// Relative href from the page.
        var href: String
    }

    let center: String
    let incoming: [Node]
    let outgoing: [Node]
    let strings: InterfaceStrings

    /// At most this many neighbours a side; the rest are counted.
    static let perSide = 8

    private static let width = 640.0
    private static let row = 26.0
    private static let labelWidth = 190.0

    func render() -> String? {
        guard !incoming.isEmpty || !outgoing.isEmpty else { return nil }
        let left = Array(incoming.prefix(Self.perSide)), right = Array(outgoing.prefix(Self.perSide))
        let leftMore = incoming.count - left.count, rightMore = outgoing.count - right.count
        let rows = max(left.count + (leftMore > 0 ? 1 : 0), right.count + (rightMore > 0 ? 1 : 0), 1)
        let height = Double(rows) * Self.row + 24
        let middle = (x: Self.width / 2, y: height / 2)
        var svg = "<svg class=\"neighbourhood\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(SVGNumber.format(Self.width)) \(SVGNumber.format(height))\">\n"
        svg += "<title>\(strings.text("neighbourhoodTitle", ["name": center, "incoming": "\(incoming.count)", "outgoing": "\(outgoing.count)"]).htmlEscaped)</title>\n"
        svg += "<defs><marker id=\"Neighbourhood-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path class=\"graph-arrow\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n"
        func y(_ index: Int, of count: Int) -> Double {
            middle.y + (Double(index) - Double(count - 1) / 2) * Self.row
        }
        let leftX = Self.labelWidth, rightX = Self.width - Self.labelWidth
        let centerHalf = 80.0
        for index in left.indices {
            svg += edge(from: (leftX + 6, y(index, of: left.count)), to: (middle.x - centerHalf - 4, middle.y))
        }
        for index in right.indices {
            svg += edge(from: (middle.x + centerHalf, middle.y), to: (rightX - 10, y(index, of: right.count)))
        }
        for (index, node) in left.enumerated() {
            svg += label(node, x: leftX, y: y(index, of: left.count), anchor: "end")
        }
        for (index, node) in right.enumerated() {
            svg += label(node, x: rightX, y: y(index, of: right.count), anchor: "start")
        }
        if leftMore > 0 {
            svg += "<text class=\"neighbourhood-more\" x=\"\(SVGNumber.format(leftX))\" y=\"\(SVGNumber.format(y(left.count, of: left.count)))\" dy=\"0.35em\" text-anchor=\"end\">\(strings.text("andMore", ["count": "\(leftMore)"]).htmlEscaped)</text>\n"
        }
        if rightMore > 0 {
            svg += "<text class=\"neighbourhood-more\" x=\"\(SVGNumber.format(rightX))\" y=\"\(SVGNumber.format(y(right.count, of: right.count)))\" dy=\"0.35em\" text-anchor=\"start\">\(strings.text("andMore", ["count": "\(rightMore)"]).htmlEscaped)</text>\n"
        }
        svg += "<rect class=\"neighbourhood-center\" x=\"\(SVGNumber.format(middle.x - centerHalf))\" y=\"\(SVGNumber.format(middle.y - 13))\" width=\"\(SVGNumber.format(2 * centerHalf))\" height=\"26\" rx=\"6\"/>\n"
        svg += "<text class=\"neighbourhood-center-label\" x=\"\(SVGNumber.format(middle.x))\" y=\"\(SVGNumber.format(middle.y))\" dy=\"0.35em\" text-anchor=\"middle\">\(Self.shortened(center, to: 24).htmlEscaped)</text>\n"
        svg += "</svg>"
        return svg
    }

    private func edge(from: (Double, Double), to: (Double, Double)) -> String {
        let bend = (from.0 + to.0) / 2
        return "<path class=\"graph-edge\" d=\"M\(SVGNumber.format(from.0)),\(SVGNumber.format(from.1)) C\(SVGNumber.format(bend)),\(SVGNumber.format(from.1)) \(SVGNumber.format(bend)),\(SVGNumber.format(to.1)) \(SVGNumber.format(to.0)),\(SVGNumber.format(to.1))\" marker-end=\"url(#Neighbourhood-arrow)\"/>\n"
    }

    private func label(_ node: Node, x: Double, y: Double, anchor: String) -> String {
        let dot = anchor == "end" ? x + 3 : x - 3
        let textX = anchor == "end" ? x - 6 : x + 6
        return "<a class=\"graph-node\" href=\"\(node.href.htmlEscaped)\"><title>\(node.name.htmlEscaped)</title>"
            + "<circle class=\"graph-family-0\" cx=\"\(SVGNumber.format(dot))\" cy=\"\(SVGNumber.format(y))\" r=\"4\"/>"
            + "<text x=\"\(SVGNumber.format(textX))\" y=\"\(SVGNumber.format(y))\" dy=\"0.35em\" text-anchor=\"\(anchor)\">\(Self.shortened(node.name, to: 28).htmlEscaped)</text></a>\n"
    }

    /// A name cut to `limit` characters with an ellipsis, so labels stay inside the drawing.
    static func shortened(_ name: String, to limit: Int) -> String {
        name.count <= limit ? name : String(name.prefix(limit - 1)) + "…"
    }

}
