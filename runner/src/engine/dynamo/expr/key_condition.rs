//! KeyConditionExpression: the restricted grammar of §4 and its binding to a
//! key schema. Messages are complete (some carry no `Invalid …Expression` prefix).

use std::cmp::Ordering;

use super::ast::*;
use super::error::{ExprError, ExprResult};
use super::eval::{compare, validate_between};
use crate::engine::dynamo::types::{AttrValue, KeyVal};

const PREFIX: &str = "Invalid KeyConditionExpression: ";

#[derive(Debug, Clone, PartialEq)]
pub enum SortCond {
    Cmp(CmpOp, AttrValue),
    Between(AttrValue, AttrValue),
    BeginsWith(AttrValue),
}

#[derive(Debug, Clone, PartialEq)]
pub struct KeyTerm {
    pub attr: String,
    pub cond: SortCond,
}

#[derive(Debug, Clone)]
pub struct KeyCondition {
    pub hash_value: AttrValue,
    pub sort: Option<SortCond>,
}

/// Structural checks: only `=`/comparisons/BETWEEN/begins_with joined by AND.
pub fn shape(cond: &Cond) -> ExprResult<Vec<KeyTerm>> {
    let mut terms: Vec<KeyTerm> = Vec::new();
    collect(cond, &mut terms)?;
    for (i, t) in terms.iter().enumerate() {
        if terms[..i].iter().any(|u| u.attr == t.attr) {
            return Err(ExprError::new(
                "KeyConditionExpressions must only contain one condition per key",
            ));
        }
    }
    if terms.len() > 2 {
        return Err(ExprError::new("Conditions can be of length 1 or 2 only"));
    }
    Ok(terms)
}

fn invalid_operator(op: &str) -> ExprError {
    ExprError::new(format!(
        "Invalid operator used in KeyConditionExpression: {op}"
    ))
}

fn collect(cond: &Cond, out: &mut Vec<KeyTerm>) -> ExprResult<()> {
    match cond {
        Cond::And(a, b) => {
            collect(a, out)?;
            collect(b, out)
        }
        Cond::Paren(a) => collect(a, out),
        Cond::Or(..) => Err(invalid_operator("OR")),
        Cond::Not(..) => Err(invalid_operator("NOT")),
        Cond::In(..) => Err(invalid_operator("IN")),
        Cond::Cmp(_, CmpOp::Ne, _) => Err(invalid_operator("<>")),
        Cond::Cmp(a, op, b) => push(out, comparison(a, *op, b)),
        Cond::Between(a, lo, hi) => push(out, between(a, lo, hi)),
        Cond::Call(call) => push(out, function(call)),
    }
}

fn push(out: &mut Vec<KeyTerm>, term: ExprResult<KeyTerm>) -> ExprResult<()> {
    out.push(term?);
    Ok(())
}

/// A key path (top-level, no functions) or a value.
fn side(op: &Operand) -> ExprResult<Option<&str>> {
    match op {
        Operand::Path(p) if p.is_nested() => Err(ExprError::new(
            "KeyConditionExpressions cannot have conditions on nested attributes",
        )),
        Operand::Path(p) => Ok(Some(p.top())),
        Operand::Value(_) => Ok(None),
        _ => Err(ExprError::new(
            "KeyConditionExpressions cannot contain nested operations",
        )),
    }
}

fn value_of(op: &Operand) -> AttrValue {
    match op {
        Operand::Value(v) => v.clone(),
        _ => AttrValue::Null,
    }
}

fn comparison(a: &Operand, op: CmpOp, b: &Operand) -> ExprResult<KeyTerm> {
    let (attr, op, value) = match (side(a)?, side(b)?) {
        (Some(_), Some(_)) => return Err(multiple_names()),
        (None, None) => {
            return Err(ExprError::new(
                "Invalid condition in KeyConditionExpression: No key attribute specified",
            ))
        }
        (Some(name), None) => (name, op, value_of(b)),
        (None, Some(name)) => (name, op.flipped(), value_of(a)),
    };
    Ok(KeyTerm {
        attr: attr.to_string(),
        cond: SortCond::Cmp(op, value),
    })
}

fn multiple_names() -> ExprError {
    ExprError::new(
        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
    )
}

fn first_operand_error(op: &str) -> ExprError {
    ExprError::new(format!("Invalid condition in KeyConditionExpression: {op} operator must have the key attribute as its first operand"))
}

fn between(a: &Operand, lo: &Operand, hi: &Operand) -> ExprResult<KeyTerm> {
    let Some(attr) = side(a)? else {
        return Err(first_operand_error("BETWEEN"));
    };
    if side(lo)?.is_some() || side(hi)?.is_some() {
        return Err(multiple_names());
    }
    validate_between(lo, hi).map_err(|m| m.prefixed(PREFIX))?;
    Ok(KeyTerm {
        attr: attr.to_string(),
        cond: SortCond::Between(value_of(lo), value_of(hi)),
    })
}

fn function(call: &Call) -> ExprResult<KeyTerm> {
    match call.name.as_str() {
        "begins_with" => {}
        "size" => {
            return Err(ExprError::new(
                "KeyConditionExpressions cannot contain nested operations",
            ))
        }
        "attribute_exists" | "attribute_not_exists" | "attribute_type" | "contains" => {
            return Err(invalid_operator(&call.name))
        }
        other => {
            return Err(ExprError::new(format!(
                "{PREFIX}Invalid function name; function: {other}"
            )))
        }
    }
    let [a, b] = call.args.as_slice() else {
        return Err(ExprError::new(format!(
            "{PREFIX}Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: {}",
            call.args.len()
        )));
    };
    let Some(attr) = side(a)? else {
        return Err(first_operand_error("begins_with"));
    };
    if side(b)?.is_some() {
        return Err(multiple_names());
    }
    let prefix = value_of(b);
    if !matches!(prefix, AttrValue::S(_) | AttrValue::B(_)) {
        return Err(ExprError::new(format!(
            "{PREFIX}Incorrect operand type for operator or function; operator or function: begins_with, operand type: {}",
            prefix.type_name()
        )));
    }
    Ok(KeyTerm {
        attr: attr.to_string(),
        cond: SortCond::BeginsWith(prefix),
    })
}

/// Binds the terms to a key schema: `(name, type)` of the hash and range keys.
pub fn bind(
    terms: Vec<KeyTerm>,
    hash: (&str, &str),
    range: Option<(&str, &str)>,
) -> ExprResult<KeyCondition> {
    let range_name = range.map(|r| r.0);
    let missed =
        |name: &str| ExprError::new(format!("Query condition missed key schema element: {name}"));
    if range.is_none() && terms.len() > 1 {
        return Err(ExprError::new("Query key condition not supported"));
    }
    let Some(hash_term) = terms.iter().find(|t| t.attr == hash.0) else {
        return Err(missed(hash.0));
    };
    if let Some(stray) = terms
        .iter()
        .find(|t| t.attr != hash.0 && Some(t.attr.as_str()) != range_name)
    {
        let _ = stray;
        return Err(missed(range_name.unwrap_or(hash.0)));
    }
    let SortCond::Cmp(CmpOp::Eq, hash_value) = &hash_term.cond else {
        return Err(ExprError::new("Query key condition not supported"));
    };
    check_key_value(hash_value, hash)?;
    let sort = terms
        .iter()
        .find(|t| Some(t.attr.as_str()) == range_name)
        .map(|t| t.cond.clone());
    if let (Some(cond), Some(range)) = (&sort, range) {
        sort_values(cond)
            .into_iter()
            .try_for_each(|v| check_type(v, range.1))?;
    }
    Ok(KeyCondition {
        hash_value: hash_value.clone(),
        sort,
    })
}

fn sort_values(cond: &SortCond) -> Vec<&AttrValue> {
    match cond {
        SortCond::Cmp(_, v) | SortCond::BeginsWith(v) => vec![v],
        SortCond::Between(a, b) => vec![a, b],
    }
}

fn check_type(value: &AttrValue, want: &str) -> ExprResult<()> {
    if value.type_name() == want {
        Ok(())
    } else {
        Err(ExprError::new("One or more parameter values were invalid: Condition parameter type does not match schema type"))
    }
}

fn check_key_value(value: &AttrValue, key: (&str, &str)) -> ExprResult<()> {
    check_type(value, key.1)?;
    let kind = match value {
        AttrValue::S(s) if s.is_empty() => "string",
        AttrValue::B(b) if b.is_empty() => "binary",
        _ => return Ok(()),
    };
    Err(ExprError::new(format!(
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {}",
        key.0
    )))
}

impl SortCond {
    pub fn matches(&self, value: &AttrValue) -> bool {
        self.holds(|v| compare(value, v), |p| begins_with(value, p))
    }

    /// `matches` for a stored key, compared in place: a Query tests every row it
    /// reads. A key without a value (no sort key in the schema) matches.
    pub(crate) fn matches_key(&self, key: &KeyVal) -> bool {
        matches!(key, KeyVal::Min | KeyVal::None | KeyVal::Max)
            || self.holds(|v| key.cmp_attr(v), |p| key.starts_with(p))
    }

    /// The condition over the value's order against an operand (`ord`) and whether
    /// it begins with a prefix (`begins`).
    fn holds(
        &self,
        ord: impl Fn(&AttrValue) -> Option<Ordering>,
        begins: impl Fn(&AttrValue) -> bool,
    ) -> bool {
        use Ordering::{Equal, Greater, Less};
        match self {
            SortCond::Cmp(CmpOp::Eq, v) => ord(v) == Some(Equal),
            SortCond::Cmp(CmpOp::Lt, v) => ord(v) == Some(Less),
            SortCond::Cmp(CmpOp::Le, v) => matches!(ord(v), Some(Less | Equal)),
            SortCond::Cmp(CmpOp::Gt, v) => ord(v) == Some(Greater),
            SortCond::Cmp(CmpOp::Ge, v) => matches!(ord(v), Some(Greater | Equal)),
            SortCond::Cmp(CmpOp::Ne, v) => ord(v) != Some(Equal),
            SortCond::Between(lo, hi) => {
                matches!(ord(lo), Some(Greater | Equal)) && matches!(ord(hi), Some(Less | Equal))
            }
            SortCond::BeginsWith(p) => begins(p),
        }
    }
}

fn begins_with(value: &AttrValue, prefix: &AttrValue) -> bool {
    match (value, prefix) {
        (AttrValue::S(s), AttrValue::S(p)) => s.starts_with(p.as_str()),
        (AttrValue::B(s), AttrValue::B(p)) => s.starts_with(p),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dynamo::number::Number;

    fn conditions() -> Vec<SortCond> {
        let s = |t: &str| AttrValue::S(t.to_string());
        let n = |t: &str| AttrValue::N(Number::parse(t).unwrap());
        let mut all: Vec<SortCond> = [CmpOp::Eq, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge]
            .into_iter()
            .flat_map(|op| [SortCond::Cmp(op, s("PROJ#2")), SortCond::Cmp(op, n("10"))])
            .collect();
        all.push(SortCond::Between(s("PROJ#1"), s("PROJ#3")));
        all.push(SortCond::Between(n("-1.5"), n("10")));
        all.push(SortCond::BeginsWith(s("PROJ#")));
        all.push(SortCond::BeginsWith(AttrValue::B(vec![1, 2])));
        all
    }

    #[test]
    fn stored_keys_match_as_their_values_do() {
        let keys = [
            KeyVal::S("PROJ#2".into()),
            KeyVal::S("PROJ#10".into()),
            KeyVal::S("META".into()),
            KeyVal::S(String::new()),
            KeyVal::N(Number::parse("10").unwrap()),
            KeyVal::N(Number::parse("-3").unwrap()),
            KeyVal::B(vec![1, 2, 3]),
            KeyVal::B(vec![0]),
        ];
        for cond in conditions() {
            for key in &keys {
                let value = key.to_attr().unwrap();
                assert_eq!(
                    cond.matches_key(key),
                    cond.matches(&value),
                    "{cond:?} {key:?}"
                );
            }
            assert!(cond.matches_key(&KeyVal::None), "{cond:?}");
        }
    }
}

#[cfg(test)]
mod partition_tests {
    use super::*;

    fn eq(attr: &str, value: AttrValue) -> KeyTerm {
        KeyTerm {
            attr: attr.to_string(),
            cond: SortCond::Cmp(CmpOp::Eq, value),
        }
    }

    #[test]
    fn an_empty_binary_partition_value_is_refused_like_an_empty_string() {
        let err = bind(vec![eq("pk", AttrValue::B(Vec::new()))], ("pk", "B"), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: pk"
        );
        assert!(bind(vec![eq("pk", AttrValue::B(vec![1]))], ("pk", "B"), None).is_ok());
    }
}
