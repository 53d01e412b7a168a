import SkillParser

/// Renders a skill graph into a static site. (Filled in by the site issue.)
public enum SiteBuilder {}
