extension ContentHasher {
    /// Where a link leads, as the page shows it and the checks report it: the target and anchor it found, or why it is broken.
    public mutating func add(_ resolution: LinkResolution) {
        switch resolution {
        case .external(let url):
            add(1)
            add(url)
        case .document(let path, let anchor):
            add(2)
            add(path)
            switch anchor {
            case .none: add(0)
            case .top: add(1)
            case .missing: add(2)
            case .exact(let id): add(3); add(id)
            case .prefixed(let id): add(4); add(id)
            case .caseOnly(let id): add(5); add(id)
            }
        case .file(let path):
            add(3)
            add(path)
        case .broken(let reason):
            add(4)
            add(reason.reason)
        }
    }
}
