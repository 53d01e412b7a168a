import SkillParser

/// The sidebar's entries of each family as most pages show them, shared by all pages.
///
/// An entry's link depends on the page only through how deep the page is, unless the page sits
/// in the skill's own top folder; and only the page's skill is expanded and marked. So a family's
/// entries are made once per depth, and each page makes anew only the few that differ for it
/// (`Sidebar.make`). Made for every page, the entries of a family of a hundred skills were a
/// hundred dictionaries per page: a sixth of the render step, most of it in `malloc`.
final class SidebarEntries: @unchecked Sendable {
    /// One family's shared entries and where its members' pages are.
    final class Family: @unchecked Sendable {
        /// Members by the top folder of their page (those whose links differ for pages there).
        private let byTopFolder: [String: [Int]]
        /// Members by their page's path, and members whose link never follows the depth rule.
        private let byPage: [String: [Int]]
        private let irregular: [Int]
        private let count: Int
        private let byDepth = ValuesMemo<Int, [MustacheValue]>()

        init(targets: [PreparedTarget]) {
            var byTopFolder: [String: [Int]] = [:], byPage: [String: [Int]] = [:], irregular: [Int] = []
            for (position, target) in targets.enumerated() {
                if let top = target.topFolder { byTopFolder[String(top), default: []].append(position) }
                byPage[target.path, default: []].append(position)
                if target.url(fromUnrelatedDepth: 0) == nil { irregular.append(position) }
            }
            self.byTopFolder = byTopFolder
            self.byPage = byPage
            self.irregular = irregular
            count = targets.count
        }

        /// The entries for a page `depth` folders down; `make` gives a member's shared entry
        /// (`nil` for one that is always made per page, left `.null` here).
        func entries(depth: Int, make: (Int) -> MustacheValue?) -> [MustacheValue] {
            byDepth.value(depth) { (0 ..< count).map { make($0) ?? .null } }
        }

        /// Members whose entry differs from the shared one for a page at `origin` (besides the
        /// page's skill, which the caller adds).
        func positions(near origin: PreparedTarget.From) -> [Int] {
            var positions = irregular + (byPage[origin.page] ?? [])
            if let top = origin.topFolder { positions += byTopFolder[String(top)] ?? [] }
            return positions
        }
    }

    private let families = ValuesMemo<Int, Family>()

    func family(_ index: Int, site: SiteContext) -> Family {
        families.value(index) { Family(targets: site.groupPages[index]) }
    }
}
