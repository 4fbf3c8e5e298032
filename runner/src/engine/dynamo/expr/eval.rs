//! Static checks and evaluation of condition/filter expressions (spec §5).

use std::cmp::Ordering;

use super::ast::*;
use super::error::{ExprError, ExprResult};
use crate::engine::dynamo::number::Number;
use crate::engine::dynamo::types::{AttrValue, Item};

const TYPE_NAMES: [&str; 10] = ["S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"];
const CONDITION_FUNCTIONS: [&str; 5] = [
    "attribute_exists",
    "attribute_not_exists",
    "attribute_type",
    "begins_with",
    "contains",
];
const ALL_FUNCTIONS: [&str; 8] = [
    "attribute_exists",
    "attribute_not_exists",
    "attribute_type",
    "begins_with",
    "contains",
    "size",
    "if_not_exists",
    "list_append",
];

/// Looks a resolved document path up in an item.
pub(crate) fn get_path<'a>(item: &'a Item, path: &Path) -> Option<&'a AttrValue> {
    let mut elems = path.0.iter();
    let mut current = match elems.next()? {
        PathElem::Attr(name) => item.get(name)?,
        _ => return None,
    };
    for elem in elems {
        current = match (elem, current) {
            (PathElem::Attr(name), AttrValue::M(map)) => map.get(name)?,
            (PathElem::Index(i), AttrValue::L(list)) => list.get(*i)?,
            _ => return None,
        };
    }
    Some(current)
}

/// Static checks on a resolved condition (function names, arities, literal types).
pub(crate) fn validate_cond(cond: &Cond) -> ExprResult<()> {
    match cond {
        Cond::Cmp(a, op, b) => {
            [a, b].into_iter().try_for_each(validate_operand)?;
            check_distinct(op.symbol(), a, b)
        }
        Cond::Between(a, lo, hi) => {
            [a, lo, hi].into_iter().try_for_each(validate_operand)?;
            validate_between(lo, hi)
        }
        Cond::In(a, list) => {
            validate_operand(a)?;
            list.iter().try_for_each(validate_operand)?;
            check_in_size(list)
        }
        Cond::Call(call) => validate_condition_call(call),
        Cond::And(a, b) | Cond::Or(a, b) => {
            validate_cond(a)?;
            validate_cond(b)
        }
        Cond::Not(a) | Cond::Paren(a) => validate_cond(a),
    }
}

/// IN takes at most 100 operands after its first.
fn check_in_size(list: &[Operand]) -> ExprResult<()> {
    if list.len() <= MAX_IN_OPERANDS {
        return Ok(());
    }
    Err(ExprError::new(format!(
        "The IN operator is provided with too many operands; number of operands: {}",
        list.len()
    )))
}

const MAX_IN_OPERANDS: usize = 100;

/// `a = a`, `contains(a, a)`: two operands that are one document path.
fn check_distinct(operator: &str, a: &Operand, b: &Operand) -> ExprResult<()> {
    match (a, b) {
        (Operand::Path(x), Operand::Path(y)) if x.describe() == y.describe() => {
            Err(ExprError::new(format!(
                "The first operand must be distinct from the remaining operands for this operator or function; operator: {operator}, first operand: {}",
                x.describe()
            )))
        }
        _ => Ok(()),
    }
}

fn check_function_name(name: &str) -> ExprResult<()> {
    if ALL_FUNCTIONS.contains(&name) {
        Ok(())
    } else {
        Err(ExprError::new(format!(
            "Invalid function name; function: {name}"
        )))
    }
}

fn misuse(name: &str) -> ExprError {
    ExprError::new(format!(
        "The function is not allowed to be used this way in an expression; function: {name}"
    ))
}

fn check_arity(call: &Call, want: usize) -> ExprResult<()> {
    if call.args.len() == want {
        return Ok(());
    }
    Err(ExprError::new(format!(
        "Incorrect number of operands for operator or function; operator or function: {}, number of operands: {}",
        call.name,
        call.args.len()
    )))
}

fn operand_type_error(function: &str, value: &AttrValue) -> ExprError {
    ExprError::new(format!(
        "Incorrect operand type for operator or function; operator or function: {function}, operand type: {}",
        value.type_name()
    ))
}

fn require_path(call: &Call) -> ExprResult<()> {
    match call.args.first() {
        Some(Operand::Path(_)) => Ok(()),
        _ => Err(ExprError::new(format!(
            "Operator or function requires a document path; operator or function: {}",
            call.name
        ))),
    }
}

fn validate_condition_call(call: &Call) -> ExprResult<()> {
    check_function_name(&call.name)?;
    if !CONDITION_FUNCTIONS.contains(&call.name.as_str()) {
        return Err(misuse(&call.name));
    }
    let arity = if call.name.starts_with("attribute_") && call.name != "attribute_type" {
        1
    } else {
        2
    };
    check_arity(call, arity)?;
    call.args.iter().try_for_each(validate_operand)?;
    if let [a, b] = call.args.as_slice() {
        check_distinct(&call.name, a, b)?;
    }
    match call.name.as_str() {
        "attribute_exists" | "attribute_not_exists" => require_path(call),
        "attribute_type" => validate_attribute_type(call),
        "begins_with" => validate_begins_with(call),
        _ => Ok(()),
    }
}

fn validate_attribute_type(call: &Call) -> ExprResult<()> {
    require_path(call)?;
    match call.args.get(1) {
        Some(Operand::Value(AttrValue::S(t))) if TYPE_NAMES.contains(&t.as_str()) => Ok(()),
        Some(Operand::Value(AttrValue::S(t))) => Err(ExprError::new(format!(
            "Invalid attribute type name found; type: {t}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"
        ))),
        Some(Operand::Value(v)) => Err(operand_type_error("attribute_type", v)),
        _ => Ok(()),
    }
}

fn validate_begins_with(call: &Call) -> ExprResult<()> {
    for arg in &call.args {
        if let Operand::Value(v) = arg {
            if !matches!(v, AttrValue::S(_) | AttrValue::B(_)) {
                return Err(operand_type_error("begins_with", v));
            }
        }
    }
    Ok(())
}

fn validate_operand(op: &Operand) -> ExprResult<()> {
    match op {
        Operand::Call(call) => {
            check_function_name(&call.name)?;
            if call.name != "size" {
                return Err(misuse(&call.name));
            }
            check_arity(call, 1)?;
            match call.args.first() {
                Some(Operand::Value(v)) if !sizeable(v) => Err(operand_type_error("size", v)),
                Some(Operand::Call(inner)) => Err(misuse(&inner.name)),
                _ => Ok(()),
            }
        }
        Operand::Arith(..) => Err(ExprError::new("Syntax error; token: \"+\", near: \"\"")),
        _ => Ok(()),
    }
}

fn sizeable(v: &AttrValue) -> bool {
    !matches!(v, AttrValue::N(_) | AttrValue::Bool(_) | AttrValue::Null)
}

/// BETWEEN with two literal bounds: same type, lower ≤ upper.
pub(crate) fn validate_between(lo: &Operand, hi: &Operand) -> ExprResult<()> {
    let (Operand::Value(lo), Operand::Value(hi)) = (lo, hi) else {
        return Ok(());
    };
    let bounds = format!(
        "lower bound operand: AttributeValue: {}, upper bound operand: AttributeValue: {}",
        lo.brief(),
        hi.brief()
    );
    if lo.type_name() != hi.type_name() {
        return Err(ExprError::new(format!(
            "The BETWEEN operator requires same data type for lower and upper bounds; {bounds}"
        )));
    }
    if compare(lo, hi) == Some(Ordering::Greater) {
        return Err(ExprError::new(format!(
            "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; {bounds}"
        )));
    }
    Ok(())
}

/// Order of two scalars of the same type; `None` across types or for non-scalars.
pub(crate) fn compare(a: &AttrValue, b: &AttrValue) -> Option<Ordering> {
    match (a, b) {
        (AttrValue::S(x), AttrValue::S(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (AttrValue::N(x), AttrValue::N(y)) => Some(x.cmp(y)),
        (AttrValue::B(x), AttrValue::B(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

fn same_members<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// Deep equality with sets compared as unordered collections.
pub(crate) fn values_equal(a: &AttrValue, b: &AttrValue) -> bool {
    match (a, b) {
        (AttrValue::SS(x), AttrValue::SS(y)) => same_members(x, y),
        (AttrValue::NS(x), AttrValue::NS(y)) => same_members(x, y),
        (AttrValue::BS(x), AttrValue::BS(y)) => same_members(x, y),
        (AttrValue::L(x), AttrValue::L(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| values_equal(p, q))
        }
        (AttrValue::M(x), AttrValue::M(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| values_equal(v, w)))
        }
        _ => a == b,
    }
}

fn size_of(value: &AttrValue) -> Option<AttrValue> {
    let n = match value {
        AttrValue::S(s) => s.chars().count(),
        AttrValue::B(b) => b.len(),
        AttrValue::SS(s) => s.len(),
        AttrValue::NS(s) => s.len(),
        AttrValue::BS(s) => s.len(),
        AttrValue::L(l) => l.len(),
        AttrValue::M(m) => m.len(),
        _ => return None,
    };
    Number::parse(&n.to_string()).ok().map(AttrValue::N)
}

/// The value of an operand against an item; `None` when missing.
pub(crate) fn operand_value(item: &Item, op: &Operand) -> Option<AttrValue> {
    match op {
        Operand::Path(p) => get_path(item, p).cloned(),
        Operand::Value(v) => Some(v.clone()),
        Operand::Call(call) if call.name == "size" => {
            operand_value(item, call.args.first()?).and_then(|v| size_of(&v))
        }
        _ => None,
    }
}

pub(crate) fn eval_cond(item: &Item, cond: &Cond) -> bool {
    match cond {
        Cond::Cmp(a, op, b) => eval_cmp(operand_value(item, a), *op, operand_value(item, b)),
        Cond::Between(a, lo, hi) => {
            let v = operand_value(item, a);
            eval_cmp(v.clone(), CmpOp::Ge, operand_value(item, lo))
                && eval_cmp(v, CmpOp::Le, operand_value(item, hi))
        }
        Cond::In(a, list) => {
            let v = operand_value(item, a);
            list.iter()
                .any(|o| eval_cmp(v.clone(), CmpOp::Eq, operand_value(item, o)))
        }
        Cond::Call(call) => eval_call(item, call),
        Cond::And(a, b) => eval_cond(item, a) && eval_cond(item, b),
        Cond::Or(a, b) => eval_cond(item, a) || eval_cond(item, b),
        Cond::Not(a) => !eval_cond(item, a),
        Cond::Paren(a) => eval_cond(item, a),
    }
}

fn eval_cmp(a: Option<AttrValue>, op: CmpOp, b: Option<AttrValue>) -> bool {
    let equal = matches!((&a, &b), (Some(x), Some(y)) if values_equal(x, y));
    let (Some(a), Some(b)) = (a, b) else {
        return op == CmpOp::Ne;
    };
    let order = compare(&a, &b);
    match op {
        CmpOp::Eq => equal,
        CmpOp::Ne => !equal,
        CmpOp::Lt => order == Some(Ordering::Less),
        CmpOp::Le => matches!(order, Some(Ordering::Less | Ordering::Equal)),
        CmpOp::Gt => order == Some(Ordering::Greater),
        CmpOp::Ge => matches!(order, Some(Ordering::Greater | Ordering::Equal)),
    }
}

fn eval_call(item: &Item, call: &Call) -> bool {
    let arg = |i: usize| call.args.get(i).and_then(|o| operand_value(item, o));
    match call.name.as_str() {
        "attribute_exists" => arg(0).is_some(),
        "attribute_not_exists" => arg(0).is_none(),
        "attribute_type" => {
            matches!((arg(0), arg(1)), (Some(v), Some(AttrValue::S(t))) if v.type_name() == t)
        }
        "begins_with" => match (arg(0), arg(1)) {
            (Some(AttrValue::S(s)), Some(AttrValue::S(p))) => s.starts_with(&p),
            (Some(AttrValue::B(s)), Some(AttrValue::B(p))) => s.starts_with(&p),
            _ => false,
        },
        "contains" => arg(0).zip(arg(1)).is_some_and(|(h, n)| contains(&h, &n)),
        _ => false,
    }
}

fn contains(haystack: &AttrValue, needle: &AttrValue) -> bool {
    match (haystack, needle) {
        (AttrValue::S(s), AttrValue::S(n)) => s.contains(n.as_str()),
        (AttrValue::B(s), AttrValue::B(n)) => {
            n.is_empty() || s.windows(n.len()).any(|w| w == n.as_slice())
        }
        (AttrValue::SS(set), AttrValue::S(n)) => set.contains(n),
        (AttrValue::NS(set), AttrValue::N(n)) => set.contains(n),
        (AttrValue::BS(set), AttrValue::B(n)) => set.contains(n),
        (AttrValue::L(list), n) => list.iter().any(|v| values_equal(v, n)),
        _ => false,
    }
}
