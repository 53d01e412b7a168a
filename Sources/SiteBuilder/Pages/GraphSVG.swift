import Foundation
import SkillParser
import SkillChecks
import SkillDuplicates
import SkillSearch

/// The skill graph drawn at build time as an SVG: skills on a circle, ordered and coloured by
/// family, a curved arrow for each connection. Every node links to its skill's page, so the
/// drawing works without JavaScript.
struct GraphSVG {
    let families: [SkillGroup]
    let links: [SkillLink]
    /// Page path of the graph page, for relative hrefs.
    let page: String
    let strings: InterfaceStrings

    /// Above this many skills the drawing is left out; the table carries the graph alone.
    static let maximumSkills = 80

    func render() -> String? {
        let nodes = families.enumerated().flatMap { index, family in family.skills.map { (skill: $0, family: index) } }
        guard !nodes.isEmpty, nodes.count <= Self.maximumSkills else { return nil }
        let radius = max(120.0, Double(nodes.count) * 10.0)
        let longest = nodes.map(\.skill.name.count).max() ?? 0
        let margin = 16.0 + Double(min(longest, 40)) * 6.2
        let size = 2 * (radius + margin)
        let center = size / 2
        var position: [String: (x: Double, y: Double, angle: Double)] = [:]
        for (index, node) in nodes.enumerated() {
            let angle = 2 * Double.pi * Double(index) / Double(nodes.count) - Double.pi / 2
            position[node.skill.folder] = (center + radius * cos(angle), center + radius * sin(angle), angle)
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(SVGNumber.format(size)) \(SVGNumber.format(size))\">\n"
        svg += "<title>\(strings.text("graphTitle", ["skills": strings.count("skillCount", nodes.count), "connections": strings.count("connectionCount", links.count)]).htmlEscaped)</title>\n"
        svg += "<defs><marker id=\"Graph-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path class=\"graph-arrow\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n"
        svg += "<g class=\"graph-edges\">\n"
        for link in links {
            guard let from = position[link.from.folder], let to = position[link.to.folder] else { continue }
            // A quadratic curve bent towards the centre; it stops short of the target's circle.
            let control = (x: center + 0.3 * ((from.x + to.x) / 2 - center), y: center + 0.3 * ((from.y + to.y) / 2 - center))
            let dx = to.x - control.x, dy = to.y - control.y
            let length = max((dx * dx + dy * dy).squareRoot(), 1)
            let end = (x: to.x - dx / length * 9, y: to.y - dy / length * 9)
            svg += "<path class=\"graph-edge\" d=\"M\(SVGNumber.format(from.x)),\(SVGNumber.format(from.y)) Q\(SVGNumber.format(control.x)),\(SVGNumber.format(control.y)) \(SVGNumber.format(end.x)),\(SVGNumber.format(end.y))\" marker-end=\"url(#Graph-arrow)\"/>\n"
        }
        svg += "</g>\n<g class=\"graph-nodes\">\n"
        for node in nodes {
            guard let spot = position[node.skill.folder] else { continue }
            let href = SitePaths.url(to: SitePaths.page(forSource: node.skill.skillFile), from: page)
            let degrees = spot.angle * 180 / Double.pi
            let leftSide = cos(spot.angle) < -1e-9
            let rotation = leftSide ? degrees + 180 : degrees
            let labelX = spot.x + 11 * cos(spot.angle), labelY = spot.y + 11 * sin(spot.angle)
            let outgoing = links.filter { $0.from.folder == node.skill.folder }.count
            let incoming = links.filter { $0.to.folder == node.skill.folder }.count
            svg += "<a class=\"graph-node\" href=\"\(href.htmlEscaped)\">"
            svg += "<title>\(strings.text("graphNodeTitle", ["name": node.skill.name, "outgoing": "\(outgoing)", "incoming": "\(incoming)"]).htmlEscaped)</title>"
            svg += "<circle class=\"graph-family-\(node.family % 8)\" cx=\"\(SVGNumber.format(spot.x))\" cy=\"\(SVGNumber.format(spot.y))\" r=\"6\"/>"
            svg += "<text x=\"\(SVGNumber.format(labelX))\" y=\"\(SVGNumber.format(labelY))\" dy=\"0.35em\" text-anchor=\"\(leftSide ? "end" : "start")\" "
            svg += "transform=\"rotate(\(SVGNumber.format(rotation)) \(SVGNumber.format(labelX)) \(SVGNumber.format(labelY)))\">\(node.skill.name.htmlEscaped)</text></a>\n"
        }
        svg += "</g>\n</svg>"
        return svg
    }

}
