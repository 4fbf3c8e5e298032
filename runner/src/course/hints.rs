//! An exercise's hints come in three tiers, each opened only when the one before did
//! not help: the idea (no code at all), the method or operator (named in backticks,
//! never written out as a statement or expression), then the code. Each is short
//! enough to read at a glance.

use crate::pesan;

/// Problems of the hints of exercise `full_id`.
pub fn problems(full_id: &str, hints: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if hints.len() != pesan::TINGKAT_PETUNJUK {
        out.push(pesan::petunjuk_jumlah(full_id, hints.len()));
    }
    for (tier, hint) in hints.iter().enumerate().map(|(i, h)| (i + 1, h)) {
        let words = hint.split_whitespace().count();
        if words > pesan::KATA_PETUNJUK_MAKS {
            out.push(pesan::petunjuk_panjang(full_id, tier, words));
        }
        out.extend(tier_problem(full_id, tier, hint));
    }
    out
}

fn tier_problem(full_id: &str, tier: usize, hint: &str) -> Option<String> {
    let spans = code_spans(hint);
    match tier {
        1 => spans
            .first()
            .map(|span| pesan::petunjuk_gagasan_berkode(full_id, span)),
        2 => spans
            .iter()
            .find(|span| !is_name(span))
            .map(|span| pesan::petunjuk_cara_berkode(full_id, span)),
        _ => {
            (!spans.iter().any(|span| !is_name(span))).then(|| pesan::petunjuk_tanpa_kode(full_id))
        }
    }
}

/// The code of a hint: its code spans, and a code block as one piece.
fn code_spans(hint: &str) -> Vec<String> {
    if let Some(start) = hint.find("```") {
        return vec![hint[start..].trim_matches('`').trim().to_string()];
    }
    hint.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Whether a code span only names something: an operator (`$group`), a method
/// (`.sort()`), a field, key or option (`alamat.kota`, `ScanIndexForward`), a
/// placeholder (`#s`), a constant (`PROJ#`) or a comparator (`>=`). A call with
/// arguments, an object, an expression or a statement is code.
fn is_name(span: &str) -> bool {
    let bare = span.strip_suffix("()").unwrap_or(span);
    let comparator = !bare.is_empty() && bare.chars().all(|c| "<>=!".contains(c));
    comparator
        || !bare.is_empty()
            && bare
                .chars()
                .all(|c| c.is_alphanumeric() || "_.#$:@-…/".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hints(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn idea_then_names_then_code_passes() {
        let good = hints(&[
            "Alamat ditanam di dokumen mahasiswa.",
            "Notasi titik: `alamat.kota`, lalu `.sort()`, `$group` dan `>=`.",
            "`db.m.find({ \"alamat.kota\": \"Bandung\" })`",
        ]);
        assert_eq!(problems("a/x", &good), Vec::<String>::new());
    }

    #[test]
    fn each_tier_is_held_to_its_kind() {
        let bad = hints(&[
            "Mulai dari `waliId`.",
            "Pakai `{ $unset: { f: \"\" } }`.",
            "Ingat `$size`.",
        ]);
        assert_eq!(
            problems("a/x", &bad),
            vec![
                pesan::petunjuk_gagasan_berkode("a/x", "waliId"),
                pesan::petunjuk_cara_berkode("a/x", "{ $unset: { f: \"\" } }"),
                pesan::petunjuk_tanpa_kode("a/x"),
            ]
        );
    }

    #[test]
    fn three_short_hints_exactly() {
        let two = hints(&["Satu.", "Dua `x()` lagi."]);
        assert_eq!(
            problems("a/x", &two),
            vec![pesan::petunjuk_jumlah("a/x", 2)]
        );
        let long = "kata ".repeat(161);
        let found = problems("a/x", &hints(&[&long, "Dua.", "`f(1)`"]));
        assert_eq!(found, vec![pesan::petunjuk_panjang("a/x", 1, 161)]);
    }
}
