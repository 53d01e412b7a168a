import SkillParser
/// Words too common to help find anything. They are left out of the index and of queries, so
/// "sign in with Apple" searches for "sign apple" and the two count as adjacent.
enum Stopwords {
    static let english: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "into", "is",
        "it", "its", "of", "on", "or", "that", "the", "their", "then", "there", "these", "this", "to",
        "was", "were", "which", "with",
    ]
}
