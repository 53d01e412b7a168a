import SkillParser
/// What is computed once per comparison unit: its shingle features (for exact verification),
/// whether it is negated, and its LSH band keys (for finding candidates).
struct UnitSketches: Sendable {
    var features: FeatureSets
    var negated: [Bool]
    /// `keys[band * units + i]`: band by band, so that finding candidates reads each band's keys
    /// in one run instead of one key in every `bands`.
    var keys: [UInt32]
    var banding: LSHBanding

    init(units: ComparisonUnits, hasher: MinHasher, banding: LSHBanding) {
        self.banding = banding
        features = FeatureSets(count: units.units.count) { Shingler.features(units.hashes(of: $0), into: &$1) }
        negated = Parallel.map(units.units.count, minimumChunk: 256) { Polarity.isNegated(units.hashes(of: $0)) }
        let frequency = FeatureFrequency(featureSets: features)
        let features = features
        let bands = banding.bands
        let count = units.units.count
        keys = [UInt32](unsafeUninitializedCapacity: count * bands) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            Parallel.forEachChunk(count, minimumChunk: 256) { range in
                var signature = [UInt32](repeating: 0, count: hasher.count)
                var unitKeys = [UInt32](repeating: 0, count: bands)
                signature.withUnsafeMutableBufferPointer { signature in
                    unitKeys.withUnsafeMutableBufferPointer { unitKeys in
                        for unit in range {
                            features.withFeatures(of: unit) { set in
                                hasher.signature(of: set, including: { !frequency.isCommon($0) }, into: signature)
                            }
                            banding.keys(of: UnsafeBufferPointer(signature), into: unitKeys)
                            for band in 0..<bands { output.value[band * count + unit] = unitKeys[band] }
                        }
                    }
                }
            }
            initialized = count * bands
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
