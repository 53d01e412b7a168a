import SkillParser
/// What is computed once per comparison unit: its shingle features (for exact verification),
/// whether it is negated, and its LSH band keys (for finding candidates).
struct UnitSketches: Sendable {
    var features: FeatureSets
    var negated: [Bool]
    /// `keys[i * banding.bands + band]`.
    var keys: [UInt32]
    var banding: LSHBanding

    init(units: ComparisonUnits, hasher: MinHasher, banding: LSHBanding) {
        self.banding = banding
        let sets = Parallel.map(units.units.count, minimumChunk: 256) { Shingler.features(units.hashes(of: $0)) }
        features = FeatureSets(sets)
        negated = Parallel.map(units.units.count, minimumChunk: 256) { Polarity.isNegated(units.hashes(of: $0)) }
        let frequency = FeatureFrequency(featureSets: features)
        let features = features
        let bands = banding.bands
        keys = [UInt32](unsafeUninitializedCapacity: units.units.count * bands) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            Parallel.forEachChunk(units.units.count, minimumChunk: 256) { range in
                var signature = [UInt32](repeating: 0, count: hasher.count)
                signature.withUnsafeMutableBufferPointer { signature in
                    for unit in range {
                        features.withFeatures(of: unit) { set in
                            hasher.signature(of: set, including: { !frequency.isCommon($0) }, into: signature)
                        }
                        banding.keys(of: UnsafeBufferPointer(signature),
                                     into: UnsafeMutableBufferPointer(rebasing: output.value[(unit * bands)..<((unit + 1) * bands)]))
                    }
                }
            }
            initialized = units.units.count * bands
        }
    }

    /// Jaccard similarity of two units' features; 0 when one is negated and the other is not,
    /// since "do X" and "don't do X" share almost every word yet say opposite things.
    func similarity(_ first: Int, _ second: Int) -> Double {
        if first == second { return 1 }
        guard negated[first] == negated[second] else { return 0 }
        return features.jaccard(first, second)
    }
}
