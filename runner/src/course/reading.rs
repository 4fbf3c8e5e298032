//! Every lesson chapter closes with a "Bacaan lanjut" section linking the outside
//! documentation it rests on.

use crate::pesan;

/// The problem of chapter `name`: no reading section, or one that links nowhere.
pub fn problems(name: &str, text: &str) -> Vec<String> {
    let heading = format!("## {}", pesan::JUDUL_BACAAN_LANJUT);
    let links = text
        .lines()
        .skip_while(|l| l.trim() != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .any(|l| l.contains("](https://"));
    if links {
        Vec::new()
    } else {
        vec![pesan::bacaan_lanjut_tidak_ada(name)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_needs_a_link() {
        let good = "# Bab\n\n## Bacaan lanjut\n\n- [Data Model Design](https://www.mongodb.com/docs/manual/data-modeling/)\n";
        assert!(problems("a.md", good).is_empty());
        let bare = "# Bab\n\n## Bacaan lanjut\n\nTidak ada.\n\n## Lain\n\n[x](https://a.b)\n";
        assert_eq!(
            problems("a.md", bare),
            vec![pesan::bacaan_lanjut_tidak_ada("a.md")]
        );
        assert_eq!(
            problems("a.md", "# Bab\n"),
            vec![pesan::bacaan_lanjut_tidak_ada("a.md")]
        );
    }
}
