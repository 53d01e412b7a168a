/// The seed of the in-memory hash tables that take keys from the input (words, terms, rule
/// texts): random, drawn once per process from `SystemRandomNumberGenerator`.
///
/// Their hashes are fast multiply-mix functions, not cryptographic ones, and their slots are
/// probed in turn (open addressing). Unseeded, keys that share a slot can be found ahead by
/// brute force and put in a pull request: 40,000 words of eight letters whose word-table
/// hashes share their low 17 bits (76 s of one core to find) made a 360 KB file build in
/// 2.36 s instead of 0.18 s for as many random words, every insert probing past the words
/// before it, a cost that grows with the square of the file. With a seed only the process
/// knows, such keys cannot be computed outside it. Nothing a table gives depends on where a
/// key lands (keys are numbered in the order they come, or map to values), so the output is
/// the same under every seed; hashes that are kept between builds or decide the output
/// (`StableHash`, `ContentHash`) are never seeded.
public enum HashSeed {
    public static let process = UInt64.random(in: .min ... .max)
}
