//! No input makes the shell panic: random text and mutations of real statements.
//!
//! The shell catches panics so that a learner's session survives a bug; the properties
//! therefore ask the shell how many it caught instead of relying on the test crashing.

use kursus::shell::{PanicTrigger, Shell, ShellOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRunner};

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

const INSERTS: [&str; 18] = [
    "(", ")", "{", "}", "[", "]", "'", "\"", "`", "${", "/", "\n", ".", ",", "$", "\\", "\u{0}",
    "🎓",
];

fn mutate(seed: &str, cut: usize, insert: &str) -> String {
    let chars: Vec<char> = seed.chars().collect();
    let at = cut % (chars.len() + 1);
    let mut out: String = chars[..at].iter().collect();
    out.push_str(insert);
    out.extend(chars[at..].iter());
    out
}

fn mutated_statement() -> impl Strategy<Value = String> {
    (
        0usize..SEEDS.len(),
        0usize..200,
        prop::sample::select(INSERTS.to_vec()),
    )
        .prop_map(|(seed, cut, insert)| mutate(SEEDS[seed], cut, insert))
}

fn shell(trigger: Option<PanicTrigger>) -> Shell {
    let mut shell = Shell::new(ShellOptions::default());
    if let Some(trigger) = trigger {
        shell.inject_panic(trigger);
    }
    shell
}

/// The property: no panic was caught, and the session still evaluates.
fn survives(mut shell: Shell, input: &str) -> Result<(), TestCaseError> {
    let _ = shell.run_script(input);
    prop_assert_eq!(shell.caught_panics(), 0, "caught a panic on {:?}", input);
    if !shell.has_quit() {
        prop_assert_eq!(shell.run_script("1 + 1"), "2\n", "after {:?}", input);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(input in "\\PC{0,80}") {
        survives(shell(None), &input)?;
    }

    #[test]
    fn mutated_statements_never_panic(input in mutated_statement()) {
        survives(shell(None), &input)?;
    }
}

/// The test of the test: a panic in the shell (injected where learner input cannot put
/// one) must make the same property fail, although the shell catches it.
#[test]
fn a_caught_panic_fails_the_property() {
    let config = Config {
        cases: 64,
        failure_persistence: None,
        ..Config::default()
    };
    let result = TestRunner::new(config).run(&mutated_statement(), |input| {
        survives(shell(Some(|unit| unit.contains('{'))), &input)
    });
    match result {
        Err(TestError::Fail(reason, input)) => {
            assert!(input.contains('{'), "{input:?}");
            assert!(reason.message().contains("caught a panic"), "{reason}");
        }
        other => panic!("the property did not fail: {other:?}"),
    }
}
