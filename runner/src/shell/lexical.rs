//! Top-level `const`, `let` and `class` bindings reached from functions declared in
//! earlier units. boa compiles a name a function has not seen declared as a lookup on
//! the global object, so a binding a later unit declares stays out of its reach, while
//! Node's REPL (and so mongosh) finds it when the function is called. Each new binding
//! therefore gets an accessor on the global object that reads and writes the binding
//! itself: a `const` still refuses assignment, and one not yet initialised still throws.

use boa_engine::ast::operations::lexically_declared_names;
use boa_engine::ast::scope::Scope;
use boa_engine::interner::Interner;
use boa_engine::parser::{Parser, Source};

/// The names `unit` declares with `const`, `let` or `class` at its top level.
pub(crate) fn top_level_names(unit: &str) -> Vec<String> {
    if !["const", "let", "class"].iter().any(|w| unit.contains(w)) {
        return Vec::new();
    }
    let mut interner = Interner::default();
    let parsed =
        Parser::new(Source::from_bytes(unit)).parse_script(&Scope::new_global(), &mut interner);
    let Ok(script) = parsed else {
        return Vec::new();
    };
    lexically_declared_names(&script)
        .into_iter()
        .map(|sym| interner.resolve_expect(sym).to_string())
        .collect()
}

/// The code that gives each of `names` its accessor (none when the global object
/// already has a property of that name).
pub(crate) fn accessors(names: &[String]) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let defined: Vec<String> = names
        .iter()
        .map(|n| {
            format!(
                "if (!Object.prototype.hasOwnProperty.call(globalThis, '{n}')) \
                 Object.defineProperty(globalThis, '{n}', {{ get() {{ return {n}; }}, \
                 set(v) {{ {n} = v; }}, configurable: true, enumerable: false }});"
            )
        })
        .collect();
    Some(defined.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_top_level_lexical_names_are_found() {
        let unit = "const a = 1, { b } = {}; let c; class D {}\nfunction f() { const e = 1 }\nvar g; { let h }";
        assert_eq!(top_level_names(unit), vec!["a", "b", "c", "D"]);
        assert!(top_level_names("print(1)").is_empty());
        assert!(top_level_names("const = ").is_empty());
    }
}
