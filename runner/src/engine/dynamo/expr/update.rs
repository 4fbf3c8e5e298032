//! UpdateExpression: static checks and application to an item (spec §7).

use super::ast::*;
use super::error::{ExprError, ExprResult};
use super::eval::{get_path, values_equal};
use super::projection::check_overlaps;
use crate::engine::dynamo::types::{AttrValue, Item};

const MISSING: &str =
    "The provided expression refers to an attribute that does not exist in the item";
const BAD_TYPE: &str = "An operand in the update expression has an incorrect data type";
const BAD_PATH: &str = "The document path provided in the update expression is invalid for update";

pub(crate) fn action_path(action: &UpdateAction) -> &Path {
    match action {
        UpdateAction::Set(p, _)
        | UpdateAction::Remove(p)
        | UpdateAction::Add(p, _)
        | UpdateAction::Delete(p, _) => p,
    }
}

/// Checks that need no item: overlapping paths, ADD/DELETE operand types, functions.
pub(crate) fn validate(actions: &[UpdateAction]) -> ExprResult<()> {
    let paths: Vec<&Path> = actions.iter().map(action_path).collect();
    check_overlaps(&paths)?;
    actions.iter().try_for_each(validate_action)
}

fn validate_action(action: &UpdateAction) -> ExprResult<()> {
    match action {
        UpdateAction::Add(_, Operand::Value(v))
            if !(v.is_set() || matches!(v, AttrValue::N(_))) =>
        {
            Err(operand_type("ADD", v))
        }
        UpdateAction::Delete(_, Operand::Value(v)) if !v.is_set() => Err(operand_type("DELETE", v)),
        UpdateAction::Set(_, value) => validate_value(value),
        _ => Ok(()),
    }
}

fn operand_type(operator: &str, v: &AttrValue) -> ExprError {
    ExprError::new(format!(
        "Incorrect operand type for operator or function; operator: {operator}, operand type: {}",
        v.long_type_name()
    ))
}

fn validate_value(op: &Operand) -> ExprResult<()> {
    match op {
        Operand::Arith(a, op, b) => {
            validate_value(a)?;
            validate_value(b)?;
            let symbol = if *op == ArithOp::Plus { "+" } else { "-" };
            [a, b]
                .into_iter()
                .try_for_each(|side| literal_of(symbol, side, "N"))
        }
        Operand::Call(call) => validate_call(call),
        _ => Ok(()),
    }
}

fn validate_call(call: &Call) -> ExprResult<()> {
    let name = call.name.as_str();
    match name {
        "if_not_exists" | "list_append" => {}
        "attribute_exists"
        | "attribute_not_exists"
        | "attribute_type"
        | "begins_with"
        | "contains"
        | "size" => {
            return Err(ExprError::new(format!(
                "The function is not allowed in an update expression; function: {name}"
            )))
        }
        _ => {
            return Err(ExprError::new(format!(
                "Invalid function name; function: {name}"
            )))
        }
    }
    if call.args.len() != 2 {
        return Err(ExprError::new(format!(
            "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {}",
            call.args.len()
        )));
    }
    if name == "if_not_exists" && !matches!(call.args.first(), Some(Operand::Path(_))) {
        return Err(ExprError::new(format!(
            "Operator or function requires a document path; operator or function: {name}"
        )));
    }
    call.args.iter().try_for_each(validate_value)?;
    if name == "list_append" {
        call.args
            .iter()
            .try_for_each(|arg| literal_of(name, arg, "L"))?;
    }
    Ok(())
}

/// A literal operand of `+`, `-` or `list_append` must have the one type the
/// operator works on; paths are only known when the item is read.
fn literal_of(operator: &str, operand: &Operand, wanted: &str) -> ExprResult<()> {
    match operand {
        Operand::Value(v) if v.type_name() != wanted => Err(ExprError::new(format!(
            "Incorrect operand type for operator or function; operator or function: {operator}, operand type: {}",
            v.type_name()
        ))),
        _ => Ok(()),
    }
}

/// Applies the actions to `item`; every operand is read from `original`.
pub(crate) fn apply(item: &mut Item, original: &Item, actions: &[UpdateAction]) -> ExprResult<()> {
    let mut removes: Vec<&Path> = Vec::new();
    for action in actions {
        match action {
            UpdateAction::Set(path, value) => set_path(item, path, eval_value(original, value)?)?,
            UpdateAction::Remove(path) => removes.push(path),
            UpdateAction::Add(path, value) => add(item, path, eval_value(original, value)?)?,
            UpdateAction::Delete(path, value) => delete(item, path, eval_value(original, value)?)?,
        }
    }
    // Later list elements first, so that earlier indices still point where the user meant.
    removes.sort_by(|a, b| b.0.iter().map(index_key).cmp(a.0.iter().map(index_key)));
    removes.into_iter().for_each(|p| remove_path(item, p));
    Ok(())
}

fn index_key(elem: &PathElem) -> usize {
    match elem {
        PathElem::Index(i) => *i,
        _ => 0,
    }
}

fn eval_value(item: &Item, op: &Operand) -> ExprResult<AttrValue> {
    match op {
        Operand::Value(v) => Ok(v.clone()),
        Operand::Path(p) => get_path(item, p)
            .cloned()
            .ok_or_else(|| ExprError::new(MISSING)),
        Operand::Arith(a, op, b) => arithmetic(eval_value(item, a)?, *op, eval_value(item, b)?),
        Operand::Call(call) => eval_call(item, call),
        Operand::ValuePh(_) => Err(ExprError::new(MISSING)),
    }
}

fn arithmetic(a: AttrValue, op: ArithOp, b: AttrValue) -> ExprResult<AttrValue> {
    let (AttrValue::N(x), AttrValue::N(y)) = (a, b) else {
        return Err(ExprError::new(BAD_TYPE));
    };
    let result = match op {
        ArithOp::Plus => x.add(&y),
        ArithOp::Minus => x.sub(&y),
    };
    result
        .map(AttrValue::N)
        .map_err(|e| ExprError::new(e.message()))
}

fn eval_call(item: &Item, call: &Call) -> ExprResult<AttrValue> {
    let (Some(first), Some(second)) = (call.args.first(), call.args.get(1)) else {
        return Err(ExprError::new(BAD_TYPE));
    };
    if call.name == "if_not_exists" {
        if let Operand::Path(p) = first {
            if let Some(v) = get_path(item, p) {
                return Ok(v.clone());
            }
        }
        return eval_value(item, second);
    }
    match (eval_value(item, first)?, eval_value(item, second)?) {
        (AttrValue::L(mut a), AttrValue::L(b)) => {
            a.extend(b);
            Ok(AttrValue::L(a))
        }
        _ => Err(ExprError::new(BAD_TYPE)),
    }
}

/// The container that holds the path's last element, created nowhere.
fn parent_mut<'a>(item: &'a mut Item, path: &Path) -> Option<&'a mut AttrValue> {
    let (first, middle) = match path.0.split_first()? {
        (PathElem::Attr(name), rest) => (name, rest.split_last()?.1),
        _ => return None,
    };
    let mut current = item.get_mut(first)?;
    for elem in middle {
        current = match (elem, current) {
            (PathElem::Attr(name), AttrValue::M(map)) => map.get_mut(name)?,
            (PathElem::Index(i), AttrValue::L(list)) => list.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(current)
}

fn set_path(item: &mut Item, path: &Path, value: AttrValue) -> ExprResult<()> {
    if !path.is_nested() {
        item.insert(path.top().to_string(), value);
        return Ok(());
    }
    let last = path.0.last();
    match (parent_mut(item, path), last) {
        (Some(AttrValue::M(map)), Some(PathElem::Attr(name))) => {
            map.insert(name.clone(), value);
        }
        (Some(AttrValue::L(list)), Some(PathElem::Index(i))) if *i < list.len() => list[*i] = value,
        (Some(AttrValue::L(list)), Some(PathElem::Index(_))) => list.push(value),
        _ => return Err(ExprError::new(BAD_PATH)),
    }
    Ok(())
}

fn remove_path(item: &mut Item, path: &Path) {
    if !path.is_nested() {
        item.shift_remove(path.top());
        return;
    }
    match (parent_mut(item, path), path.0.last()) {
        (Some(AttrValue::M(map)), Some(PathElem::Attr(name))) => {
            map.shift_remove(name);
        }
        (Some(AttrValue::L(list)), Some(PathElem::Index(i))) if *i < list.len() => {
            list.remove(*i);
        }
        _ => {}
    }
}

fn add(item: &mut Item, path: &Path, value: AttrValue) -> ExprResult<()> {
    let current = get_path(item, path).cloned();
    let merged = match (current, value) {
        (None, v) => v,
        (Some(AttrValue::N(a)), AttrValue::N(b)) => {
            AttrValue::N(a.add(&b).map_err(|e| ExprError::new(e.message()))?)
        }
        (Some(AttrValue::SS(mut a)), AttrValue::SS(b)) => AttrValue::SS(union(&mut a, b)),
        (Some(AttrValue::NS(mut a)), AttrValue::NS(b)) => AttrValue::NS(union(&mut a, b)),
        (Some(AttrValue::BS(mut a)), AttrValue::BS(b)) => AttrValue::BS(union(&mut a, b)),
        _ => return Err(ExprError::new(BAD_TYPE)),
    };
    set_path(item, path, merged)
}

fn union<T: PartialEq>(a: &mut Vec<T>, b: Vec<T>) -> Vec<T> {
    for v in b {
        if !a.contains(&v) {
            a.push(v);
        }
    }
    std::mem::take(a)
}

fn delete(item: &mut Item, path: &Path, value: AttrValue) -> ExprResult<()> {
    let Some(current) = get_path(item, path).cloned() else {
        return Ok(());
    };
    let remaining = match (current, &value) {
        (AttrValue::SS(a), AttrValue::SS(b)) => {
            AttrValue::SS(a.into_iter().filter(|v| !b.contains(v)).collect())
        }
        (AttrValue::NS(a), AttrValue::NS(b)) => {
            AttrValue::NS(a.into_iter().filter(|v| !b.contains(v)).collect())
        }
        (AttrValue::BS(a), AttrValue::BS(b)) => {
            AttrValue::BS(a.into_iter().filter(|v| !b.contains(v)).collect())
        }
        _ => return Err(ExprError::new(BAD_TYPE)),
    };
    if values_equal(&remaining, &empty_like(&value)) {
        remove_path(item, path);
        return Ok(());
    }
    set_path(item, path, remaining)
}

fn empty_like(v: &AttrValue) -> AttrValue {
    match v {
        AttrValue::NS(_) => AttrValue::NS(Vec::new()),
        AttrValue::BS(_) => AttrValue::BS(Vec::new()),
        _ => AttrValue::SS(Vec::new()),
    }
}
