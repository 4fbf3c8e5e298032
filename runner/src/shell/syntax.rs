//! Parse errors as mongosh shows them (Babel's wording and code frame), and the
//! REPL rule that a function or class declaration evaluates to itself.

use boa_engine::property::PropertyDescriptor;
use boa_engine::{js_string, Context, JsError, JsResult, JsValue};
use regex::Regex;
use std::sync::LazyLock;

use super::errors::{self, format_thrown, syntax_error_text};

/// boa's parser message → (Babel message, 1-based line, 0-based column).
pub(crate) fn describe(err: JsError, unit: &str, ctx: &mut Context) -> String {
    let raw = match err.as_native() {
        Some(native) if native.is_syntax() => native.message().to_string(),
        _ => return format_thrown(err, unit, ctx),
    };
    if std::env::var_os("KURSUS_DEBUG_PARSE").is_some() {
        eprintln!("boa: {raw}");
    }
    if raw.contains("duplicate lexical declaration") {
        let name = first_lexical_name(unit).unwrap_or_default();
        return errors::format_plain(
            "SyntaxError",
            format!("Identifier '{name}' has already been declared"),
        );
    }
    let (line, mut column) = position(&raw).unwrap_or_else(|| end_position(unit));
    let message = babel_message(&raw);
    if message.starts_with("Unterminated string") {
        column = string_start(unit, line, column);
    }
    syntax_error_text(&message, line, column, unit)
}

fn position(raw: &str) -> Option<(usize, usize)> {
    let re = Regex::new(r"line (\d+), col(?:umn)? (\d+)").ok()?;
    let caps = re.captures_iter(raw).last()?;
    let line = caps.get(1)?.as_str().parse().ok()?;
    let col: usize = caps.get(2)?.as_str().parse().ok()?;
    Some((line, col.saturating_sub(1)))
}

fn first_lexical_name(unit: &str) -> Option<String> {
    let re = Regex::new(r"\b(?:const|let|class)\s+([A-Za-z_$][\w$]*)").ok()?;
    Some(re.captures(unit)?.get(1)?.as_str().to_string())
}

/// Babel points at the opening quote of an unterminated string.
fn string_start(unit: &str, line: usize, column: usize) -> usize {
    let text = unit.split('\n').nth(line.saturating_sub(1)).unwrap_or("");
    let before: Vec<char> = text.chars().take(column + 1).collect();
    before
        .iter()
        .rposition(|c| matches!(c, '\'' | '"'))
        .unwrap_or(column)
}

fn end_position(unit: &str) -> (usize, usize) {
    let line = unit.split('\n').count().max(1);
    let column = unit.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, column)
}

fn babel_message(raw: &str) -> String {
    let lower = raw.to_lowercase();
    if lower.starts_with("expected token ';'") {
        "Missing semicolon.".to_string()
    } else if lower.contains("unterminated string") {
        "Unterminated string constant.".to_string()
    } else if lower.contains("unterminated template") {
        "Unterminated template.".to_string()
    } else if lower.contains("unterminated regular expression")
        || lower.contains("unterminated regex")
    {
        "Unterminated regular expression.".to_string()
    } else if let Some(name) = redeclared(raw) {
        format!("Identifier '{name}' has already been declared.")
    } else {
        expected_message(raw).unwrap_or_else(|| "Unexpected token".to_string())
    }
}

fn redeclared(raw: &str) -> Option<String> {
    let re =
        Regex::new(r"(?:redeclaration of|already (?:been )?declared)[^']*'?([A-Za-z_$][\w$]*)")
            .ok()?;
    re.captures(raw)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string())
}

/// Babel names the first token it would have taken: `({ a: 1 ]` and `f(1 ]` expect
/// `","` where boa lists `','` or the closer, and a list's comma is a `","` too.
/// Where a name is missing (`const = 5`) Babel names nothing: it expects a token
/// kind, not a token, and says only `Unexpected token`.
fn expected_message(raw: &str) -> Option<String> {
    static EXPECTED: LazyLock<Option<Regex>> =
        LazyLock::new(|| Regex::new(r"^(?:expected token|expected one of) '([^']+)'").ok());
    let token = match EXPECTED.as_ref()?.captures(raw) {
        Some(caps) => caps.get(1)?.as_str().to_string(),
        None if raw.contains("expected comma") => ",".to_string(),
        None => return None,
    };
    if token == "identifier" {
        return None;
    }
    Some(format!("Unexpected token, expected \"{token}\""))
}

/// mongosh's rewriter makes `function f() {}` and `class A {}` print themselves, also
/// after other statements and before `let`, `const` or `var` (`class A {}; let b = 1`
/// prints `[class A]`, `5; class B {}` prints `[class B]`).
pub(crate) fn declared_value(unit: &str, value: JsValue, ctx: &mut Context) -> JsValue {
    let Some(name) = completing_declaration(unit) else {
        return value;
    };
    let global = ctx.global_object();
    match global.get(js_string!(name.as_str()), ctx) {
        Ok(v) if !v.is_undefined() => v,
        _ => ctx
            .eval(boa_engine::Source::from_bytes(&name))
            .unwrap_or(value),
    }
}

/// mongosh's rewriter ends each input with `_cr = <its last expression>`, so an
/// anonymous function or class typed as the whole statement takes the name `_cr`,
/// as JavaScript names an anonymous definition assigned to a variable.
pub(crate) fn completion_named(unit: &str, value: &JsValue, ctx: &mut Context) -> JsResult<()> {
    let Some(function) = value.as_object().filter(|f| f.is_callable()) else {
        return Ok(());
    };
    let name = function.get(js_string!("name"), ctx)?;
    let unnamed = name.as_string().is_some_and(|s| s.is_empty());
    if unnamed && ends_with_anonymous_definition(unit) {
        let name = PropertyDescriptor::builder()
            .value(js_string!("_cr"))
            .writable(false)
            .enumerable(false)
            .configurable(true);
        function.define_property_or_throw(js_string!("name"), name, ctx)?;
    }
    Ok(())
}

/// Whether the unit's last statement is an expression that is an anonymous
/// function or class definition (parenthesised or not).
fn ends_with_anonymous_definition(unit: &str) -> bool {
    use boa_engine::ast::scope::Scope;
    use boa_engine::ast::statement::Statement;
    use boa_engine::ast::StatementListItem;
    let mut interner = boa_engine::interner::Interner::default();
    let parsed = boa_engine::parser::Parser::new(boa_engine::Source::from_bytes(unit))
        .parse_script(&Scope::new_global(), &mut interner);
    let Ok(script) = parsed else {
        return false;
    };
    match script.statements().statements().last() {
        Some(StatementListItem::Statement(s)) => match s.as_ref() {
            Statement::Expression(e) => e.is_anonymous_function_definition(),
            _ => false,
        },
        _ => false,
    }
}

/// The name of the function or class declaration that is the unit's last statement
/// other than `let`, `const` and `var` bindings.
fn completing_declaration(unit: &str) -> Option<String> {
    use boa_engine::ast::scope::Scope;
    use boa_engine::ast::StatementListItem;
    if !unit.contains("function") && !unit.contains("class") {
        return None;
    }
    let mut interner = boa_engine::interner::Interner::default();
    let script = boa_engine::parser::Parser::new(boa_engine::Source::from_bytes(unit))
        .parse_script(&Scope::new_global(), &mut interner)
        .ok()?;
    let last = script.statements().iter().rev().find(|i| !binds_only(i))?;
    let StatementListItem::Declaration(declaration) = last else {
        return None;
    };
    let name = declared_name(declaration)?;
    Some(interner.resolve_expect(name.sym()).to_string())
}

fn declared_name(
    declaration: &boa_engine::ast::Declaration,
) -> Option<boa_engine::ast::expression::Identifier> {
    use boa_engine::ast::Declaration as D;
    match declaration {
        D::FunctionDeclaration(f) => Some(f.name()),
        D::GeneratorDeclaration(f) => Some(f.name()),
        D::AsyncFunctionDeclaration(f) => Some(f.name()),
        D::AsyncGeneratorDeclaration(f) => Some(f.name()),
        D::ClassDeclaration(c) => Some(c.name()),
        D::Lexical(_) => None,
    }
}

/// `let`, `const`, `var` and `;` leave the value printed before them.
fn binds_only(item: &boa_engine::ast::StatementListItem) -> bool {
    use boa_engine::ast::{Declaration, Statement, StatementListItem};
    match item {
        StatementListItem::Declaration(d) => matches!(&**d, Declaration::Lexical(_)),
        StatementListItem::Statement(s) => matches!(&**s, Statement::Var(_) | Statement::Empty),
    }
}

/// Whether every statement of `unit` is an expression statement (not a declaration,
/// assignment, loop or block): grading treats such statements as looking around.
/// Shell commands and units that do not parse count as expressions.
pub fn is_expression_unit(unit: &str) -> bool {
    use boa_engine::ast::scope::Scope;
    use boa_engine::ast::statement::Statement;
    use boa_engine::ast::{Expression, StatementListItem};
    let mut interner = boa_engine::interner::Interner::default();
    let parsed = boa_engine::parser::Parser::new(boa_engine::Source::from_bytes(unit))
        .parse_script(&Scope::new_global(), &mut interner);
    let Ok(script) = parsed else {
        return true;
    };
    script.statements().iter().all(|item| match item {
        StatementListItem::Statement(s) => match s.as_ref() {
            Statement::Expression(e) => !matches!(e, Expression::Assign(_)),
            Statement::Empty => true,
            _ => false,
        },
        StatementListItem::Declaration(_) => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_that_complete_a_unit() {
        let named = |unit: &str| completing_declaration(unit);
        assert_eq!(
            named("function f(a) { return a * 2 }").as_deref(),
            Some("f")
        );
        assert_eq!(
            named("class A { constructor() { this.a = '}' } }").as_deref(),
            Some("A")
        );
        assert_eq!(named("function f() {}; f()"), None);
        assert_eq!(named("class A {}; class B {}").as_deref(), Some("B"));
        assert_eq!(named("class A {}; let b = 1; var c;").as_deref(), Some("A"));
        assert_eq!(named("async function* g() {}").as_deref(), Some("g"));
        assert_eq!(named("let f = function () {}"), None);
    }

    #[test]
    fn expected_tokens_as_babel_names_them() {
        let object = "expected one of ',' or '}', got ']' in object literal at line 1, col 9";
        assert_eq!(babel_message(object), "Unexpected token, expected \",\"");
        let array = "unexpected token '}', expected comma or end of array at line 1, col 7";
        assert_eq!(babel_message(array), "Unexpected token, expected \",\"");
        assert_eq!(
            babel_message("expected token ')', got ']'"),
            "Unexpected token, expected \")\""
        );
        assert_eq!(
            babel_message(
                "expected token 'identifier', got '=' in lexical declaration at line 1, col 7"
            ),
            "Unexpected token"
        );
    }

    #[test]
    fn positions() {
        assert_eq!(
            position("expected token ';', got ')' at line 1, col 4"),
            Some((1, 3))
        );
    }
}
