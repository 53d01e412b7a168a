import SkillParser
/// A small deterministic pseudo-random generator (SplitMix64), for the MinHash seeds and for
/// synthetic benchmark data.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        return StableHash.mix(state)
    }
}
