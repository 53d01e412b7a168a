import SkillParser
/// Checks candidate pairs exactly: LSH only says two units probably agree; their shingle sets
/// decide. Runs on all cores; the matches come back in the candidates' (sorted) order.
struct PairVerifier {
    var units: ComparisonUnits
    var sketches: UnitSketches
    var options: DuplicateOptions

    /// For each candidate pair (packed `i << 32 | j`) that matches, the two texts to join.
    ///
    /// Units similar from `effectiveSentenceThreshold` match whatever they are (whole rules or
    /// sentences); units similar from `threshold` only match as two whole rules.
    /// With `units`, the candidates that matched (what a later run patches: `MatchPatch`).
    func matches(_ candidates: [UInt64]) -> (texts: [(Int, Int)], units: [UInt64]) {
        let chunk = 4096
        let chunks = (candidates.count + chunk - 1) / chunk
        let found = Parallel.map(chunks, minimumChunk: 1) { index -> (texts: [(Int, Int)], units: [UInt64]) in
            var result: (texts: [(Int, Int)], units: [UInt64]) = ([], [])
            for pair in candidates[(index * chunk)..<min(candidates.count, (index + 1) * chunk)] {
                if let texts = match(Int(pair >> 32), Int(pair & 0xFFFF_FFFF)) {
                    result.texts.append(texts)
                    result.units.append(pair)
                }
            }
            return result
        }
        return (found.flatMap(\.texts), found.flatMap(\.units))
    }

    func match(_ first: Int, _ second: Int) -> (Int, Int)? {
        let similarity = sketches.similarity(first, second)
        guard similarity >= options.threshold else { return nil }
        let (a, b) = (units.units[first], units.units[second])
        if similarity >= options.effectiveSentenceThreshold { return (a.firstOwner.text, b.firstOwner.text) }
        guard let wholeA = a.wholeOwner, let wholeB = b.wholeOwner else { return nil }
        return (wholeA.text, wholeB.text)
    }
}
