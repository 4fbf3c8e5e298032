//! Placeholder substitution with the reserved-word, undefined and unused checks.

use std::collections::HashSet;

use indexmap::IndexMap;

use super::ast::*;
use super::error::{ExprError, ExprResult};
use super::reserved::is_reserved;
use crate::engine::dynamo::types::AttrValue;

type RResult = ExprResult<()>;

/// `ExpressionAttributeNames` / `ExpressionAttributeValues` of one request,
/// and which of them the request's expressions used.
#[derive(Debug, Default)]
pub(crate) struct Placeholders {
    pub names: IndexMap<String, String>,
    pub values: IndexMap<String, AttrValue>,
    used_names: HashSet<String>,
    used_values: HashSet<String>,
}

pub(crate) fn walk_cond(cond: &mut Cond, f: &mut dyn FnMut(&mut Operand) -> RResult) -> RResult {
    match cond {
        Cond::Cmp(a, _, b) => {
            walk_operand(a, f)?;
            walk_operand(b, f)
        }
        Cond::Between(a, b, c) => [a, b, c].into_iter().try_for_each(|o| walk_operand(o, f)),
        Cond::In(a, list) => {
            walk_operand(a, f)?;
            list.iter_mut().try_for_each(|o| walk_operand(o, f))
        }
        Cond::Call(call) => call.args.iter_mut().try_for_each(|o| walk_operand(o, f)),
        Cond::And(a, b) | Cond::Or(a, b) => {
            walk_cond(a, f)?;
            walk_cond(b, f)
        }
        Cond::Not(a) | Cond::Paren(a) => walk_cond(a, f),
    }
}

pub(crate) fn walk_operand(
    op: &mut Operand,
    f: &mut dyn FnMut(&mut Operand) -> RResult,
) -> RResult {
    f(op)?;
    match op {
        Operand::Call(call) => call.args.iter_mut().try_for_each(|o| walk_operand(o, f)),
        Operand::Arith(a, _, b) => {
            walk_operand(a, f)?;
            walk_operand(b, f)
        }
        _ => Ok(()),
    }
}

fn check_reserved_path(path: &Path) -> RResult {
    for elem in &path.0 {
        if let PathElem::Name(name) = elem {
            if is_reserved(name) {
                return Err(ExprError::new(format!(
                    "Attribute name is a reserved keyword; reserved keyword: {name}"
                )));
            }
        }
    }
    Ok(())
}

fn reserved_in_operand(op: &mut Operand) -> RResult {
    match op {
        Operand::Path(p) => check_reserved_path(p),
        _ => Ok(()),
    }
}

impl Placeholders {
    pub(crate) fn new(
        names: IndexMap<String, String>,
        values: IndexMap<String, AttrValue>,
    ) -> Placeholders {
        Placeholders {
            names,
            values,
            ..Placeholders::default()
        }
    }

    fn resolve_path(&mut self, path: &mut Path) -> RResult {
        for elem in path.0.iter_mut() {
            let resolved = match elem {
                PathElem::Name(name) => name.clone(),
                PathElem::NamePh(ph) => self.lookup_name(ph)?,
                _ => continue,
            };
            *elem = PathElem::Attr(resolved);
        }
        Ok(())
    }

    fn lookup_name(&mut self, ph: &str) -> ExprResult<String> {
        let found = self.names.get(ph).cloned().ok_or_else(|| {
            ExprError::new(format!("An expression attribute name used in the document path is not defined; attribute name: {ph}"))
        })?;
        self.used_names.insert(ph.to_string());
        Ok(found)
    }

    fn lookup_value(&mut self, ph: &str) -> ExprResult<AttrValue> {
        let found = self.values.get(ph).cloned().ok_or_else(|| {
            ExprError::new(format!("An expression attribute value used in expression is not defined; attribute value: {ph}"))
        })?;
        self.used_values.insert(ph.to_string());
        Ok(found)
    }

    fn resolve_operand(&mut self, op: &mut Operand) -> RResult {
        match op {
            Operand::Path(p) => self.resolve_path(p),
            Operand::ValuePh(ph) => {
                let value = self.lookup_value(ph)?;
                *op = Operand::Value(value);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn resolve_cond(&mut self, cond: &mut Cond) -> RResult {
        walk_cond(cond, &mut reserved_in_operand)?;
        walk_cond(cond, &mut |op| self.resolve_operand(op))
    }

    pub(crate) fn resolve_paths(&mut self, paths: &mut [Path]) -> RResult {
        paths.iter().try_for_each(check_reserved_path)?;
        paths.iter_mut().try_for_each(|p| self.resolve_path(p))
    }

    pub(crate) fn resolve_actions(&mut self, actions: &mut [UpdateAction]) -> RResult {
        for action in actions.iter_mut() {
            let (path, value) = action_parts(action);
            check_reserved_path(path)?;
            if let Some(v) = value {
                walk_operand(v, &mut reserved_in_operand)?;
            }
        }
        for action in actions.iter_mut() {
            let (path, value) = action_parts(action);
            self.resolve_path(path)?;
            if let Some(v) = value {
                walk_operand(v, &mut |op| self.resolve_operand(op))?;
            }
        }
        Ok(())
    }

    pub(crate) fn unused_names(&self) -> Vec<&str> {
        self.names
            .keys()
            .filter(|k| !self.used_names.contains(*k))
            .map(String::as_str)
            .collect()
    }

    pub(crate) fn unused_values(&self) -> Vec<&str> {
        self.values
            .keys()
            .filter(|k| !self.used_values.contains(*k))
            .map(String::as_str)
            .collect()
    }
}

pub(crate) fn action_parts(action: &mut UpdateAction) -> (&mut Path, Option<&mut Operand>) {
    match action {
        UpdateAction::Set(p, v) | UpdateAction::Add(p, v) | UpdateAction::Delete(p, v) => {
            (p, Some(v))
        }
        UpdateAction::Remove(p) => (p, None),
    }
}
