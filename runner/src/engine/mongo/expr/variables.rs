//! Variables in scope (`$$x`) and the operators that bind them (`$let`).

use std::cell::RefCell;

use bson::{Bson, Document};

use super::{fail, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

thread_local! {
    /// The running command's `let` variables: every expression the command
    /// evaluates (filters' `$expr`, pipelines, update pipelines) sees them.
    static COMMAND_LET: RefCell<Vec<(String, Bson)>> = const { RefCell::new(Vec::new()) };
}

/// User variables bound by `let`, `$let`, `$map`, `$filter`, ...
/// Later bindings shadow earlier ones.
#[derive(Debug, Clone)]
pub struct Vars {
    bound: Vec<(String, Bson)>,
}

impl Default for Vars {
    fn default() -> Self {
        Vars {
            bound: COMMAND_LET.with(|l| l.borrow().clone()),
        }
    }
}

/// The names the running command's `let` binds.
pub(crate) fn command_let_names() -> Vec<String> {
    COMMAND_LET.with(|l| l.borrow().iter().map(|(name, _)| name.clone()).collect())
}

/// The command's `let` bound while it runs; dropping it restores the
/// outer command's (explain runs its command inside its own).
pub(crate) struct CommandLet {
    outer: Vec<(String, Bson)>,
}

impl CommandLet {
    /// Evaluates each `let` value once (constants and `$$NOW`-like values),
    /// as the server does before running the command.
    pub(crate) fn enter(spec: Option<&Document>) -> Result<CommandLet, MongoError> {
        let mut bound = COMMAND_LET.with(|l| l.borrow().clone());
        for (name, value) in spec.into_iter().flatten() {
            check_name(name)?;
            let vars = Vars {
                bound: bound.clone(),
            };
            let v = super::evaluate(value, &Document::new(), &vars)?;
            bound.push((name.clone(), v.unwrap_or(Bson::Undefined)));
        }
        let outer = COMMAND_LET.with(|l| std::mem::replace(&mut *l.borrow_mut(), bound));
        Ok(CommandLet { outer })
    }
}

impl Drop for CommandLet {
    fn drop(&mut self) {
        let outer = std::mem::take(&mut self.outer);
        COMMAND_LET.with(|l| *l.borrow_mut() = outer);
    }
}

impl Vars {
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of these variables with `name` bound to `value`.
    pub fn with(&self, name: &str, value: Bson) -> Vars {
        let mut next = self.clone();
        next.bind(name, value);
        next
    }

    pub fn bind(&mut self, name: &str, value: Bson) {
        self.bound.push((name.to_string(), value));
    }

    /// Binds an evaluated value; missing is kept as missing (stored as `undefined`,
    /// which the evaluator reads back as missing).
    pub fn bind_evaluated(&mut self, name: &str, value: Option<Bson>) {
        self.bind(name, value.unwrap_or(Bson::Undefined));
    }

    pub fn get(&self, name: &str) -> Option<&Bson> {
        self.bound
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }
}

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    match name {
        "$let" => Some(let_op),
        _ => None,
    }
}

/// Checks a user variable name the way the server does.
pub(crate) fn check_name(name: &str) -> Result<(), MongoError> {
    let first_ok = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || !c.is_ascii());
    let rest_ok = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii());
    if name.is_empty() {
        return Err(fail(16866, "empty variable names are not allowed"));
    }
    if !first_ok {
        return Err(fail(
            16867,
            format!("'{name}' starts with an invalid character for a user variable name"),
        ));
    }
    if !rest_ok {
        return Err(fail(
            16868,
            format!("'{name}' contains an invalid character for a variable name"),
        ));
    }
    Ok(())
}

fn let_op(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Bson::Document(spec) = arg else {
        return Err(fail(16874, "$let only supports an object as its argument"));
    };
    let (Some(Bson::Document(vars)), Some(body)) = (spec.get("vars"), spec.get("in")) else {
        return Err(fail(16876, "Missing 'vars' parameter to $let"));
    };
    let mut scope = ctx.vars.clone();
    for (name, expr) in vars {
        check_name(name)?;
        scope.bind_evaluated(name, ctx.eval(expr)?);
    }
    super::evaluate(body, ctx.root, &scope)
}
