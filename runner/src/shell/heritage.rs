//! Which classes mongosh prints as functions. Its rewriter replaces an `extends`
//! expression that might be a promise (a name not bound in the same input and not a
//! built-in global, a property, a call...) by a parenthesised await; the class's source
//! text then has a `(` before its body, and Node's inspector, which tells a class by
//! its source text, prints `[Function: B]` for `class B extends A {}` typed after `A`.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use boa_engine::ast::declaration::{Declaration, LexicalDeclaration, VarDeclaration};
use boa_engine::ast::statement::Statement;
use boa_engine::ast::{Expression, StatementListItem};
use boa_engine::interner::Interner;
use boa_engine::{Context, JsObject, JsValue, Source};

/// Classes of this session whose heritage mongosh would have rewritten.
#[derive(Default, Clone)]
struct Rewritten(Rc<RefCell<HashSet<JsObject>>>);

/// Globals Babel's scope counts as bound (the `globals` package's ES built-ins).
const BUILTINS: &[&str] = &[
    "AggregateError",
    "Array",
    "ArrayBuffer",
    "Atomics",
    "BigInt",
    "BigInt64Array",
    "BigUint64Array",
    "Boolean",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "FinalizationRegistry",
    "Float32Array",
    "Float64Array",
    "Function",
    "Int16Array",
    "Int32Array",
    "Int8Array",
    "Map",
    "Number",
    "Object",
    "Promise",
    "Proxy",
    "RangeError",
    "ReferenceError",
    "RegExp",
    "Set",
    "SharedArrayBuffer",
    "String",
    "Symbol",
    "SyntaxError",
    "TypeError",
    "URIError",
    "Uint16Array",
    "Uint32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "WeakMap",
    "WeakRef",
    "WeakSet",
];

pub(crate) fn prints_as_function(class: &JsObject, ctx: &Context) -> bool {
    ctx.get_data::<Rewritten>()
        .is_some_and(|r| r.0.borrow().contains(class))
}

/// Notes the classes `unit` defined at its top level (declared, assigned to a declared
/// name, or typed as its value) whose heritage mongosh's rewriter would change.
pub(crate) fn note(unit: &str, value: &JsValue, ctx: &mut Context) {
    if !unit.contains("extends") {
        return;
    }
    let mut interner = Interner::default();
    let parsed = boa_engine::parser::Parser::new(Source::from_bytes(unit))
        .parse_script(&boa_engine::ast::scope::Scope::new_global(), &mut interner);
    let Ok(script) = parsed else {
        return;
    };
    let items = script.statements().statements();
    let bound = top_level_names(items, &interner);
    let mut rewritten = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let last = index + 1 == items.len();
        rewritten.extend(classes_of(item, last, &bound, &interner));
    }
    for target in rewritten {
        let class = match target {
            Target::Name(name) => ctx.eval(Source::from_bytes(&name)).ok(),
            Target::Value => Some(value.clone()),
        };
        if let Some(class) = class.and_then(|c| c.as_object()) {
            remember(class, ctx);
        }
    }
}

fn remember(class: JsObject, ctx: &mut Context) {
    if ctx.get_data::<Rewritten>().is_none() {
        ctx.insert_data(Rewritten::default());
    }
    if let Some(r) = ctx.get_data::<Rewritten>() {
        r.0.borrow_mut().insert(class);
    }
}

/// Where a rewritten class can be found once the unit ran.
enum Target {
    Name(String),
    Value,
}

fn classes_of(
    item: &StatementListItem,
    last: bool,
    bound: &HashSet<String>,
    interner: &Interner,
) -> Vec<Target> {
    let rewritten =
        |heritage: Option<&Expression>| heritage.is_some_and(|h| is_rewritten(h, bound, interner));
    match item {
        StatementListItem::Declaration(d) => match d.as_ref() {
            Declaration::ClassDeclaration(c) if rewritten(c.super_ref()) => {
                vec![Target::Name(
                    interner.resolve_expect(c.name().sym()).to_string(),
                )]
            }
            Declaration::Lexical(l) => declared_classes(lexical_variables(l), &rewritten, interner),
            _ => Vec::new(),
        },
        StatementListItem::Statement(s) => match s.as_ref() {
            Statement::Var(VarDeclaration(list)) => {
                declared_classes(list.as_ref(), &rewritten, interner)
            }
            Statement::Expression(e)
                if last && matches!(class_expression(e), Some(h) if rewritten(h)) =>
            {
                vec![Target::Value]
            }
            _ => Vec::new(),
        },
    }
}

fn lexical_variables(
    declaration: &LexicalDeclaration,
) -> &[boa_engine::ast::declaration::Variable] {
    match declaration {
        LexicalDeclaration::Const(list) | LexicalDeclaration::Let(list) => list.as_ref(),
        _ => &[],
    }
}

/// `const C = class extends A {}`: the names whose value is a rewritten class.
fn declared_classes(
    variables: &[boa_engine::ast::declaration::Variable],
    rewritten: &dyn Fn(Option<&Expression>) -> bool,
    interner: &Interner,
) -> Vec<Target> {
    variables
        .iter()
        .filter(|v| v.init().and_then(class_expression).is_some_and(rewritten))
        .filter_map(|v| match v.binding() {
            boa_engine::ast::declaration::Binding::Identifier(id) => {
                Some(Target::Name(interner.resolve_expect(id.sym()).to_string()))
            }
            boa_engine::ast::declaration::Binding::Pattern(_) => None,
        })
        .collect()
}

/// The heritage of a class expression (`Some(None)` when it extends nothing).
fn class_expression(e: &Expression) -> Option<Option<&Expression>> {
    match e {
        Expression::ClassExpression(c) => Some(c.super_ref()),
        Expression::Parenthesized(p) => class_expression(p.expression()),
        _ => None,
    }
}

/// A bound or built-in name and a class expression keep their text; anything else is
/// awaited through parentheses or needs them to stand after `extends`.
fn is_rewritten(heritage: &Expression, bound: &HashSet<String>, interner: &Interner) -> bool {
    match heritage {
        Expression::Identifier(id) => {
            let name = interner.resolve_expect(id.sym()).to_string();
            !bound.contains(&name) && !BUILTINS.contains(&name.as_str())
        }
        Expression::ClassExpression(_) => false,
        Expression::Parenthesized(p) => is_rewritten(p.expression(), bound, interner),
        _ => true,
    }
}

/// Names the unit declares at its top level (Babel's scope of the input).
fn top_level_names(items: &[StatementListItem], interner: &Interner) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut add = |id: boa_engine::ast::expression::Identifier| {
        names.insert(interner.resolve_expect(id.sym()).to_string());
    };
    for item in items {
        match item {
            StatementListItem::Declaration(d) => match d.as_ref() {
                Declaration::ClassDeclaration(c) => add(c.name()),
                Declaration::FunctionDeclaration(f) => add(f.name()),
                Declaration::Lexical(l) => lexical_variables(l)
                    .iter()
                    .for_each(|v| bound_name(v, &mut add)),
                _ => {}
            },
            StatementListItem::Statement(s) => {
                if let Statement::Var(VarDeclaration(list)) = s.as_ref() {
                    list.as_ref().iter().for_each(|v| bound_name(v, &mut add));
                }
            }
        }
    }
    names
}

fn bound_name(
    v: &boa_engine::ast::declaration::Variable,
    add: &mut impl FnMut(boa_engine::ast::expression::Identifier),
) {
    if let boa_engine::ast::declaration::Binding::Identifier(id) = v.binding() {
        add(*id);
    }
}
