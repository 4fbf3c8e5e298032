//! No input makes the shell panic: random text and mutations of real statements.

use kursus::shell::{Shell, ShellOptions};
use proptest::prelude::*;

const SEEDS: [&str; 10] = [
    "use kampus",
    "db.m.insertOne({ _id: 1, a: [1, 2, { b: 'x' }] })",
    "db.m.find({ a: { $gt: 1 } }).sort({ a: -1 }).limit(2)",
    "const x = { a: 1, b: [1, , 3] }; x",
    "function f(n) { return n < 2 ? n : f(n - 1) + f(n - 2) }\nf(10)",
    "`tpl ${1 + 2} ${'s'}`",
    "/ab+c/gi.test('abbc')",
    "new Map([[1, 'a']])",
    "throw { kode: 1 }",
    "show collections",
];

fn mutate(seed: &str, cut: usize, insert: &str) -> String {
    let chars: Vec<char> = seed.chars().collect();
    let at = cut % (chars.len() + 1);
    let mut out: String = chars[..at].iter().collect();
    out.push_str(insert);
    out.extend(chars[at..].iter());
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(input in "\\PC{0,80}") {
        let mut shell = Shell::new(ShellOptions::default());
        let _ = shell.run_script(&input);
    }

    #[test]
    fn mutated_statements_never_panic(
        seed in 0usize..SEEDS.len(),
        cut in 0usize..200,
        insert in prop::sample::select(vec!["(", ")", "{", "}", "[", "]", "'", "\"", "`", "${", "/", "\n", ".", ",", "$", "\\", "\u{0}", "🎓"]),
    ) {
        let mut shell = Shell::new(ShellOptions::default());
        let _ = shell.run_script(&mutate(SEEDS[seed], cut, insert));
    }
}
