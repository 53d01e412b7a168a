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
    /// Slots of the common features the band keys were made under (`FeatureFrequency.commonSlots`).
    var commonSlots: [UInt64]
    /// How many features fall in each slot (`FeatureFrequency.counts`); empty when not counted.
    var slotCounts: [UInt32] = []
    /// Units whose band keys came from the cache.
    var reused = 0
    /// Each unit's index in the cache's sketches (-1 when the cache has not got it); empty without a cache.
    var previousUnit: [Int] = []
    /// Whether each unit's band keys are the cache's (`previousUnit`'s); empty without a cache.
    var reusedKeys: [Bool] = []

    /// The sketches of every unit. A unit the cache has (same key, so the same words) takes its
    /// features from there, and its band keys too unless one of its features is in a slot whose
    /// commonness changed since (its signature would differ): the same sketches either way.
    init(units: ComparisonUnits, hasher: MinHasher, banding: LSHBanding, cache: CachedSketches? = nil) {
        self.banding = banding
        let count = units.units.count
        let cache = cache.flatMap { $0.bands == banding.bands ? $0 : nil }
        // `cached[i]`: unit i's index in the cache, or -1.
        // Each cached unit looked up among the units (their table is made anyway): a table of the
        // cached units' keys, made only to look the units up in it, was 13 of a rule rebuild's
        // 206 ms of dedupe processor time, and the lookups 11 more (perf, agentic-awesome-skills).
        let cached: [Int] = cache.map { cache in
            [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.initialize(repeating: -1)
                let output = UncheckedSendable(buffer)
                // Keys are distinct on both sides: each unit is written by at most one cached unit.
                Parallel.forEachChunk(cache.count, minimumChunk: 4096) { range in
                    for previous in range {
                        if let unit = units.unit(withKey: cache.unitKey(previous)) { output.value[unit] = previous }
                    }
                }
                initialized = count
            }
        } ?? []
        previousUnit = cached
        let features = cache.map { Self.features(units: units, cache: $0, cached: cached) }
            ?? FeatureSets(count: count) { unit, set in Shingler.features(units.hashes(of: unit), into: &set) }
        self.features = features
        negated = Parallel.map(count, minimumChunk: 256) { Polarity.isNegated(units.hashes(of: $0)) }
        let frequency = cache.flatMap { Self.frequency(features, cache: $0, cached: cached) } ?? FeatureFrequency(featureSets: features)
        slotCounts = frequency.counts
        let commonSlots = frequency.commonSlots
        self.commonSlots = commonSlots
        // Units whose cached keys still hold: the cache has them, and none of their features changed commonness.
        var reusable: [Bool] = []
        if let cache {
            let changed = zip(cache.commonSlots, commonSlots).map { $0 ^ $1 }
            let anyChanged = changed.contains { $0 != 0 }
            reusable = Parallel.map(count, minimumChunk: 1024) { unit in
                cached[unit] >= 0 && (!anyChanged || !features.withFeatures(of: unit) { FeatureFrequency.touches($0, changed) })
            }
        }
        reused = reusable.count { $0 }
        reusedKeys = reusable
        let bands = banding.bands
        keys = [UInt32](unsafeUninitializedCapacity: count * bands) { buffer, initialized in
            let output = UncheckedSendable(buffer)
            // The reused units' keys, band by band: the cache's are band-major too, so copying a unit
            // at a time touched a cache line of every band's row for each unit.
            if let cache, !reusable.isEmpty {
                Parallel.forEachChunk(bands, minimumChunk: 1) { range in
                    for band in range {
                        let to = band * count
                        for unit in 0..<count where reusable[unit] { output.value[to + unit] = cache.bandKey(ofUnit: cached[unit], band: band) }
                    }
                }
            }
            Parallel.forEachChunk(count, minimumChunk: 256) { range in
                var signature = [UInt32](repeating: 0, count: hasher.count)
                var unitKeys = [UInt32](repeating: 0, count: bands)
                signature.withUnsafeMutableBufferPointer { signature in
                    unitKeys.withUnsafeMutableBufferPointer { unitKeys in
                        for unit in range {
                            if !reusable.isEmpty, reusable[unit] { continue }
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

    /// How common each slot's features are among `features`, from the cache's counts when it has
    /// them: the features of its units that are gone taken out, those of the new units added (the
    /// same counts as counting every feature again, which was 27 of a rule rebuild's 206 ms of
    /// dedupe processor time). `nil` when the cache has no counts.
    private static func frequency(_ features: FeatureSets, cache: CachedSketches, cached: [Int]) -> FeatureFrequency? {
        guard cache.slotCounts.count == FeatureFrequency.slotCount else { return nil }
        var counts = cache.slotCounts
        var kept = [Bool](repeating: false, count: cache.count)
        for unit in cached.indices where cached[unit] >= 0 { kept[cached[unit]] = true }
        for previous in kept.indices where !kept[previous] {
            cache.withFeatures(ofUnit: previous) { for feature in $0 { counts[FeatureFrequency.slot(of: feature)] &-= 1 } }
        }
        for unit in cached.indices where cached[unit] < 0 {
            features.withFeatures(of: unit) { for feature in $0 { counts[FeatureFrequency.slot(of: feature)] &+= 1 } }
        }
        return FeatureFrequency(counts: counts, unitCount: cached.count)
    }

    /// Every unit's features: a unit the cache has uses the cache's set where it is (its file's
    /// mapped column, or the set a delta added); only the others are shingled.
    private static func features(units: ComparisonUnits, cache: CachedSketches, cached: [Int]) -> FeatureSets {
        FeatureSets(count: units.units.count, reusing: cache.features, from: cached.map { Int32($0) }) { unit, set in
            Shingler.features(units.hashes(of: unit), into: &set)
        }
    }

    /// The features and polarity of the units for which `needed` is true, and nothing else (no
    /// band keys): all that describing clusters reads, for a run that takes its matched pairs
    /// from the cache. Other units have no features and must not be compared.
    init(units: ComparisonUnits, banding: LSHBanding, only needed: [Bool]) {
        self.banding = banding
        let count = units.units.count
        features = FeatureSets(count: count) { unit, set in
            if needed[unit] {
                Shingler.features(units.hashes(of: unit), into: &set)
            } else {
                set.removeAll(keepingCapacity: true)
            }
        }
        negated = Parallel.map(count, minimumChunk: 1024) { needed[$0] && Polarity.isNegated(units.hashes(of: $0)) }
        keys = []
        commonSlots = []
        reused = count
    }

    /// Jaccard similarity of two units' features; 0 when one is negated and the other is not,
    /// since "do X" and "don't do X" share almost every word yet say opposite things.
    func similarity(_ first: Int, _ second: Int) -> Double {
        if first == second { return 1 }
        guard negated[first] == negated[second] else { return 0 }
        return features.jaccard(first, second)
    }
}
