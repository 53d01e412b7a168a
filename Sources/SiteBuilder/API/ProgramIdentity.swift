import SkillParser

/// The identity of this program's build (`BuildKey.executable`), for the caches that other steps
/// keep beside the output: each is keyed on it, as the site's own cache is.
public enum ProgramIdentity {
    public static var digest: ContentHash { BuildKey.executable }
}
