//! The filter tree: `$and`, `$or`, `$nor`, `$not` and field conditions.

use bson::{Bson, Document};

use super::array::{ElemMatchMatcher, SizeMatcher};
use super::comparison::{is_operator_doc, CmpMatcher, CmpOp, EqMatcher, InMatcher};
use super::element::{ExistsMatcher, TypeMatcher};
use super::expr::ExprCondition;
use super::matcher::ValueMatcher;
use super::regex::RegexMatcher;
use super::Node;
use crate::engine::mongo::error::MongoError;

/// Parses a whole filter document (implicit `$and` of its fields).
pub(crate) fn parse_document(filter: &Document) -> Result<Node, MongoError> {
    let mut nodes = Vec::new();
    for (key, value) in filter {
        if let Some(node) = parse_entry(key, value)? {
            nodes.push(node);
        }
    }
    Ok(conjunction(nodes))
}

fn parse_entry(key: &str, value: &Bson) -> Result<Option<Node>, MongoError> {
    match key {
        "$and" => Ok(Some(Node::And(parse_clauses(key, value)?))),
        "$or" => Ok(Some(Node::Or(parse_clauses(key, value)?))),
        "$nor" => Ok(Some(Node::Nor(parse_clauses(key, value)?))),
        "$expr" => Ok(Some(Node::Expr(ExprCondition::parse(value)?))),
        "$comment" => Ok(None),
        _ if key.starts_with('$') => Err(MongoError::bad_value(format!(
            "unknown top level operator: {key}"
        ))),
        _ => parse_field(key, value).map(Some),
    }
}

fn parse_clauses(op: &str, value: &Bson) -> Result<Vec<Node>, MongoError> {
    let Bson::Array(items) = value else {
        return Err(MongoError::bad_value(format!("{op} must be an array")));
    };
    if items.is_empty() {
        return Err(MongoError::bad_value(
            "$and/$or/$nor must be a nonempty array",
        ));
    }
    items
        .iter()
        .map(|item| match item {
            Bson::Document(d) => parse_document(d),
            _ => Err(MongoError::bad_value(
                "$or/$and/$nor entries need to be full objects",
            )),
        })
        .collect()
}

/// `{path: value}`: an operator document, a regex or an equality.
pub(crate) fn parse_field(path: &str, value: &Bson) -> Result<Node, MongoError> {
    match value {
        Bson::Document(d) if is_operator_doc(d) => parse_operators(path, d),
        Bson::RegularExpression(re) => Ok(leaf(path, RegexMatcher::new(&re.pattern, &re.options)?)),
        other => Ok(leaf(
            path,
            EqMatcher {
                target: other.clone(),
            },
        )),
    }
}

/// Whether `$elemMatch`/`$pull` treat this document as conditions on a value.
pub(crate) fn is_value_form(doc: &Document) -> bool {
    doc.keys().next().is_some_and(|k| {
        k.starts_with('$') && !matches!(k.as_str(), "$and" | "$or" | "$nor" | "$expr" | "$where")
    })
}

/// Parses `{$gt: 1, $lt: 5}` for `path` into a conjunction.
pub(crate) fn parse_operators(path: &str, ops: &Document) -> Result<Node, MongoError> {
    let mut nodes = Vec::new();
    for (op, arg) in ops {
        match op.as_str() {
            "$regex" => nodes.push(parse_regex(path, arg, ops.get("$options"))?),
            "$options" if !ops.contains_key("$regex") => {
                return Err(MongoError::bad_value("$options needs a $regex"))
            }
            "$options" | "$comment" => {}
            _ => nodes.push(parse_operator(path, op, arg)?),
        }
    }
    Ok(conjunction(nodes))
}

fn parse_operator(path: &str, op: &str, arg: &Bson) -> Result<Node, MongoError> {
    if let Some(cmp) = CmpOp::from_name(op) {
        return Ok(leaf(
            path,
            CmpMatcher {
                op: cmp,
                target: arg.clone(),
            },
        ));
    }
    match op {
        "$eq" => Ok(leaf(
            path,
            EqMatcher {
                target: arg.clone(),
            },
        )),
        "$ne" => parse_ne(path, arg),
        "$in" => Ok(leaf(path, InMatcher::parse(op, arg)?)),
        "$nin" => Ok(Node::Not(Box::new(leaf(path, InMatcher::parse(op, arg)?)))),
        "$exists" => Ok(exists(path, truthy(arg))),
        "$type" => Ok(leaf(path, TypeMatcher::parse(arg)?)),
        "$size" => Ok(leaf(path, SizeMatcher::parse(arg)?)),
        "$all" => parse_all(path, arg),
        "$elemMatch" => parse_elem_match(path, arg),
        "$not" => parse_not(path, arg),
        "$mod" => Ok(leaf(path, super::comparison_mod::ModMatcher::parse(arg)?)),
        _ => Err(MongoError::bad_value(format!("unknown operator: {op}"))),
    }
}

fn parse_ne(path: &str, arg: &Bson) -> Result<Node, MongoError> {
    if matches!(arg, Bson::RegularExpression(_)) {
        return Err(MongoError::bad_value("Can't have regex as arg to $ne."));
    }
    Ok(Node::Not(Box::new(leaf(
        path,
        EqMatcher {
            target: arg.clone(),
        },
    ))))
}

fn exists(path: &str, wanted: bool) -> Node {
    let node = leaf(path, ExistsMatcher);
    if wanted {
        node
    } else {
        Node::Not(Box::new(node))
    }
}

/// The server's `trueValue()` of a BSON element.
pub(crate) fn truthy(v: &Bson) -> bool {
    match v {
        Bson::Boolean(b) => *b,
        Bson::Null | Bson::Undefined => false,
        Bson::Int32(i) => *i != 0,
        Bson::Int64(i) => *i != 0,
        Bson::Double(f) => *f != 0.0,
        _ => true,
    }
}

fn parse_regex(path: &str, arg: &Bson, options: Option<&Bson>) -> Result<Node, MongoError> {
    let extra = match options {
        None => String::new(),
        Some(Bson::String(s)) => s.clone(),
        Some(_) => return Err(MongoError::bad_value("$options has to be a string")),
    };
    match arg {
        Bson::String(p) => Ok(leaf(path, RegexMatcher::new(p, &extra)?)),
        Bson::RegularExpression(re) => {
            let opts = if extra.is_empty() {
                re.options.clone()
            } else {
                extra
            };
            Ok(leaf(path, RegexMatcher::new(&re.pattern, &opts)?))
        }
        _ => Err(MongoError::bad_value("$regex has to be a string")),
    }
}

fn parse_all(path: &str, arg: &Bson) -> Result<Node, MongoError> {
    let Bson::Array(items) = arg else {
        return Err(MongoError::bad_value("$all needs an array"));
    };
    if items.is_empty() {
        return Ok(Node::Const(false));
    }
    let nodes = items
        .iter()
        .map(|item| parse_all_item(path, item))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Node::And(nodes))
}

fn parse_all_item(path: &str, item: &Bson) -> Result<Node, MongoError> {
    match item {
        Bson::Document(d) if d.contains_key("$elemMatch") => parse_operators(path, d),
        Bson::Document(d) if is_operator_doc(d) => {
            Err(MongoError::bad_value("no $ expressions in $all"))
        }
        Bson::RegularExpression(re) => Ok(leaf(path, RegexMatcher::new(&re.pattern, &re.options)?)),
        other => Ok(leaf(
            path,
            EqMatcher {
                target: other.clone(),
            },
        )),
    }
}

fn parse_elem_match(path: &str, arg: &Bson) -> Result<Node, MongoError> {
    let Bson::Document(spec) = arg else {
        return Err(MongoError::bad_value("$elemMatch needs an Object"));
    };
    let value_form = is_value_form(spec);
    let node = if value_form {
        parse_operators("", spec)?
    } else {
        parse_document(spec)?
    };
    Ok(leaf(
        path,
        ElemMatchMatcher {
            node: Box::new(node),
            value_form,
        },
    ))
}

fn parse_not(path: &str, arg: &Bson) -> Result<Node, MongoError> {
    match arg {
        Bson::RegularExpression(re) => Ok(Node::Not(Box::new(leaf(
            path,
            RegexMatcher::new(&re.pattern, &re.options)?,
        )))),
        Bson::Document(d) if d.is_empty() => Err(MongoError::bad_value("$not cannot be empty")),
        Bson::Document(d) if is_operator_doc(d) => {
            Ok(Node::Not(Box::new(parse_operators(path, d)?)))
        }
        Bson::Document(_) => Err(MongoError::bad_value("$not needs a regex or a document")),
        _ => Err(MongoError::bad_value("$not needs a regex or a document")),
    }
}

fn leaf(path: &str, matcher: impl ValueMatcher + 'static) -> Node {
    let parts = path.split('.').map(str::to_string).collect();
    Node::Leaf {
        path: path.to_string(),
        parts,
        matcher: Box::new(matcher),
    }
}

fn conjunction(mut nodes: Vec<Node>) -> Node {
    if nodes.len() == 1 {
        nodes.pop().unwrap_or(Node::Const(true))
    } else {
        Node::And(nodes)
    }
}
