import Foundation

/// The graph of a large collection drawn by group: each group that takes part in a connection is
/// a circle (sized by its skills) on a ring, and a line between two groups is as thick as the
/// number of connections between their skills. Past 80 skills a drawing of every skill is a
/// hairball; groups stay legible, and the table below gives every connection.
struct GroupGraphSVG {
    struct Node {
        var name: String
        var skills: Int
        /// Relative href of the group's rows in the table.
        var href: String
        var colour: Int
    }

    let nodes: [Node]
    /// Connections between groups, by node index (from < to), with how many skill links each carries.
    let edges: [(from: Int, to: Int, count: Int)]
    let strings: InterfaceStrings

    /// At most this many groups are drawn: the ones with the most connections.
    static let maximumGroups = 48

    func render() -> String? {
        guard nodes.count >= 2 else { return nil }
        let radius = max(160.0, Double(nodes.count) * 11.0)
        let longest = nodes.map { min($0.name.count, 28) }.max() ?? 0
        let margin = 24.0 + Double(longest) * 6.2
        let size = 2 * (radius + margin)
        let center = size / 2
        let largest = Double(nodes.map(\.skills).max() ?? 1)
        let heaviest = Double(edges.map(\.count).max() ?? 1)
        var position: [(x: Double, y: Double, angle: Double)] = []
        for index in nodes.indices {
            let angle = 2 * Double.pi * Double(index) / Double(nodes.count) - Double.pi / 2
            position.append((center + radius * cos(angle), center + radius * sin(angle), angle))
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(SVGNumber.format(size)) \(SVGNumber.format(size))\">\n"
        svg += "<title>\(strings.text("groupGraphTitle", ["groups": strings.count("groupCount", nodes.count), "connections": strings.count("connectionCount", edges.reduce(0) { $0 + $1.count })]).htmlEscaped)</title>\n"
        svg += "<g class=\"graph-edges\">\n"
        for edge in edges {
            let from = position[edge.from], to = position[edge.to]
            let control = (x: center + 0.25 * ((from.x + to.x) / 2 - center), y: center + 0.25 * ((from.y + to.y) / 2 - center))
            let width = 1 + 5 * Double(edge.count) / heaviest
            svg += "<path class=\"graph-edge\" stroke-width=\"\(SVGNumber.format(width))\" d=\"M\(SVGNumber.format(from.x)),\(SVGNumber.format(from.y)) Q\(SVGNumber.format(control.x)),\(SVGNumber.format(control.y)) \(SVGNumber.format(to.x)),\(SVGNumber.format(to.y))\">"
            svg += "<title>\(strings.text("groupPairTitle", ["first": nodes[edge.from].name, "second": nodes[edge.to].name, "connections": strings.count("connectionCount", edge.count)]).htmlEscaped)</title></path>\n"
        }
        svg += "</g>\n<g class=\"graph-nodes\">\n"
        for (index, node) in nodes.enumerated() {
            let spot = position[index]
            let r = 4 + 10 * (Double(node.skills) / largest).squareRoot()
            let degrees = spot.angle * 180 / Double.pi
            let leftSide = cos(spot.angle) < -1e-9
            let rotation = leftSide ? degrees + 180 : degrees
            let labelX = spot.x + (r + 5) * cos(spot.angle), labelY = spot.y + (r + 5) * sin(spot.angle)
            svg += "<a class=\"graph-node\" href=\"\(node.href.htmlEscaped)\">"
            svg += "<title>\(strings.text("groupNodeTitle", ["name": node.name, "skills": strings.count("skillCount", node.skills)]).htmlEscaped)</title>"
            svg += "<circle class=\"graph-family-\(node.colour % 8)\" cx=\"\(SVGNumber.format(spot.x))\" cy=\"\(SVGNumber.format(spot.y))\" r=\"\(SVGNumber.format(r))\"/>"
            svg += "<text x=\"\(SVGNumber.format(labelX))\" y=\"\(SVGNumber.format(labelY))\" dy=\"0.35em\" text-anchor=\"\(leftSide ? "end" : "start")\" "
            svg += "transform=\"rotate(\(SVGNumber.format(rotation)) \(SVGNumber.format(labelX)) \(SVGNumber.format(labelY)))\">\(NeighbourhoodSVG.shortened(node.name, to: 28).htmlEscaped)</text></a>\n"
        }
        svg += "</g>\n</svg>"
        return svg
    }

}
