//! A statement's parts written as the request the engine already runs: attribute
//! names as `#n` placeholders (so no name is refused as a reserved word), values as
//! `:v` placeholders, and the WHERE clause in condition-expression syntax. Reads and
//! writes then go through the same evaluator, checks and units as Query, PutItem, ….

use serde_json::{json, Map, Value};

use super::statement::{conjuncts, Cond, Lit, Operand, Path, Step};
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::expr::ast;
use crate::engine::dynamo::expr::{compile, Kind};

/// Names and values of the expressions being written.
pub(crate) struct Render<'p> {
    params: &'p [Value],
    names: Map<String, Value>,
    values: Map<String, Value>,
}

impl<'p> Render<'p> {
    pub(crate) fn new(params: &'p [Value]) -> Render<'p> {
        Render {
            params,
            names: Map::new(),
            values: Map::new(),
        }
    }

    /// The statement's bound `?` values.
    pub(crate) fn params(&self) -> &'p [Value] {
        self.params
    }

    fn name(&mut self, name: &str) -> String {
        let found = self.names.iter().find(|(_, v)| v.as_str() == Some(name));
        if let Some((ph, _)) = found {
            return ph.clone();
        }
        let ph = format!("#n{}", self.names.len());
        self.names.insert(ph.clone(), json!(name));
        ph
    }

    pub(crate) fn path(&mut self, path: &Path) -> String {
        let mut out = String::new();
        for step in path {
            match step {
                Step::Name(n) if out.is_empty() => out.push_str(&self.name(n)),
                Step::Name(n) => out.push_str(&format!(".{}", self.name(n))),
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        out
    }

    pub(crate) fn value(&mut self, lit: &Lit) -> DResult<String> {
        let value = bind(lit, self.params)?;
        Ok(self.bound(value))
    }

    pub(crate) fn bound(&mut self, value: Value) -> String {
        let ph = format!(":v{}", self.values.len());
        self.values.insert(ph.clone(), value);
        ph
    }

    pub(crate) fn operand(&mut self, op: &Operand) -> DResult<String> {
        Ok(match op {
            Operand::Path(p) => self.path(p),
            Operand::Lit(l) => self.value(l)?,
            Operand::Call(name, args) => self.call(name, args)?,
            Operand::Arith(a, sign, b) => {
                format!("{} {sign} {}", self.operand(a)?, self.operand(b)?)
            }
        })
    }

    fn call(&mut self, name: &str, args: &[Operand]) -> DResult<String> {
        let args: DResult<Vec<String>> = args.iter().map(|a| self.operand(a)).collect();
        Ok(format!("{name}({})", args?.join(", ")))
    }

    pub(crate) fn cond(&mut self, cond: &Cond) -> DResult<String> {
        Ok(match cond {
            Cond::Cmp(a, op, b) => format!("{} {op} {}", self.operand(a)?, self.operand(b)?),
            Cond::Between(a, lo, hi) => format!(
                "{} BETWEEN {} AND {}",
                self.operand(a)?,
                self.operand(lo)?,
                self.operand(hi)?
            ),
            Cond::In(a, list) => self.in_list(a, list)?,
            Cond::Call(name, args) => self.call(name, args)?,
            Cond::Missing(p, true) => format!("attribute_not_exists({})", self.path(p)),
            Cond::Missing(p, false) => format!("attribute_exists({})", self.path(p)),
            Cond::Null(p, is_null) => self.null_test(p, *is_null),
            Cond::And(a, b) => format!("({}) AND ({})", self.cond(a)?, self.cond(b)?),
            Cond::Or(a, b) => format!("({}) OR ({})", self.cond(a)?, self.cond(b)?),
            Cond::Not(a) => format!("NOT ({})", self.cond(a)?),
        })
    }

    fn null_test(&mut self, p: &Path, is_null: bool) -> String {
        let (path, null) = (self.path(p), self.bound(json!({ "S": "NULL" })));
        match is_null {
            true => format!("(attribute_not_exists({path}) OR attribute_type({path}, {null}))"),
            false => format!("(attribute_exists({path}) AND NOT attribute_type({path}, {null}))"),
        }
    }

    fn in_list(&mut self, a: &Operand, list: &[Operand]) -> DResult<String> {
        let left = self.operand(a)?;
        let items: DResult<Vec<String>> = list.iter().map(|o| self.operand(o)).collect();
        Ok(format!("{left} IN ({})", items?.join(", ")))
    }

    /// Adds the placeholders used to `req`, as its expression attribute maps.
    pub(crate) fn finish(self, req: &mut Value) {
        if !self.names.is_empty() {
            req["ExpressionAttributeNames"] = Value::Object(self.names);
        }
        if !self.values.is_empty() {
            req["ExpressionAttributeValues"] = Value::Object(self.values);
        }
    }
}

/// A literal as an AttributeValue in AWS JSON, its `?` parameters bound.
pub(crate) fn bind(lit: &Lit, params: &[Value]) -> DResult<Value> {
    Ok(match lit {
        Lit::Str(s) => json!({ "S": s }),
        Lit::Num(n) => json!({ "N": n }),
        Lit::Bool(b) => json!({ "BOOL": b }),
        Lit::Null => json!({ "NULL": true }),
        Lit::Param(i) => params.get(*i).cloned().ok_or_else(parameter_count)?,
        Lit::List(items) => {
            let items: DResult<Vec<Value>> = items.iter().map(|l| bind(l, params)).collect();
            json!({ "L": items? })
        }
        Lit::Map(entries) => json!({ "M": bind_map(entries, params)? }),
        Lit::Set(items) => bind_set(items, params)?,
    })
}

pub(crate) fn bind_map(entries: &[(String, Lit)], params: &[Value]) -> DResult<Map<String, Value>> {
    let mut map = Map::new();
    for (k, v) in entries {
        map.insert(k.clone(), bind(v, params)?);
    }
    Ok(map)
}

/// `<<'a', 'b'>>`: a string, number or binary set after the type of its elements.
fn bind_set(items: &[Lit], params: &[Value]) -> DResult<Value> {
    let mut kind: Option<String> = None;
    let mut members = Vec::new();
    for item in items {
        let value = bind(item, params)?;
        let (t, member) = value
            .as_object()
            .and_then(|o| o.iter().next())
            .filter(|(t, _)| matches!(t.as_str(), "S" | "N" | "B"))
            .ok_or_else(|| DynamoError::validation("Unsupported type passed in a set"))?;
        if kind.as_ref().is_some_and(|k| k != t) {
            return Err(DynamoError::validation(
                "Set elements must be of the same type",
            ));
        }
        kind = Some(t.clone());
        members.push(member.clone());
    }
    let kind = kind.ok_or_else(|| DynamoError::validation("An empty set is not allowed"))?;
    Ok(json!({ format!("{kind}S"): members }))
}

pub(crate) fn parameter_count() -> DynamoError {
    DynamoError::validation("Number of parameters in request and statement don't match.")
}

/// The literal a conjunct sets `attr` equal to (`attr = v` or `v = attr`).
pub(crate) fn equality<'c>(cond: &'c Cond, attr: &str) -> Option<&'c Lit> {
    match cond {
        Cond::Cmp(Operand::Path(p), "=", Operand::Lit(l))
        | Cond::Cmp(Operand::Lit(l), "=", Operand::Path(p))
            if is_attr(p, attr) =>
        {
            Some(l)
        }
        _ => None,
    }
}

pub(crate) fn is_attr(path: &Path, attr: &str) -> bool {
    matches!(path.as_slice(), [Step::Name(n)] if n == attr)
}

/// The values a conjunct lets `attr` take: one with `=`, several with `IN` or with
/// equalities joined by `OR` (AWS answers both without a scan).
pub(crate) fn key_values<'c>(cond: &'c Cond, attr: &str) -> Option<Vec<&'c Lit>> {
    if let Some(l) = equality(cond, attr) {
        return Some(vec![l]);
    }
    if let Cond::Or(a, b) = cond {
        let mut values = key_values(a, attr)?;
        values.extend(key_values(b, attr)?);
        return Some(values);
    }
    let Cond::In(Operand::Path(p), list) = cond else {
        return None;
    };
    let lits: Option<Vec<&Lit>> = list
        .iter()
        .map(|o| match o {
            Operand::Lit(l) => Some(l),
            _ => None,
        })
        .collect();
    lits.filter(|_| is_attr(p, attr))
}

/// The primary key a WHERE names with equalities, and the rest of it as a
/// condition; a clause that does not name the whole key is refused as AWS does.
pub(crate) fn full_key(
    filter: Option<&Cond>,
    keys: &[&str],
    params: &[Value],
) -> DResult<(Map<String, Value>, Option<Cond>)> {
    let all = filter.map(conjuncts).unwrap_or_default();
    let mut key = Map::new();
    let mut rest: Vec<&Cond> = Vec::new();
    for c in all {
        let named = keys
            .iter()
            .find(|k| !key.contains_key(**k) && equality(c, k).is_some());
        match named {
            Some(k) => {
                let value = bind(equality(c, k).unwrap_or(&Lit::Null), params)?;
                key.insert(k.to_string(), value);
            }
            None => rest.push(c),
        }
    }
    if key.len() != keys.len() {
        return Err(DynamoError::validation(
            "Where clause does not contain a mandatory equality on all key attributes",
        ));
    }
    Ok((key, join_and(rest)))
}

/// Conditions joined with AND again.
pub(crate) fn join_and(conds: Vec<&Cond>) -> Option<Cond> {
    conds
        .into_iter()
        .cloned()
        .reduce(|a, b| Cond::And(Box::new(a), Box::new(b)))
}

/// A WHERE clause compiled into the engine's condition tree, for reads that
/// filter with it outside a request's FilterExpression.
pub(crate) fn compile_filter(cond: &Cond, params: &[Value]) -> DResult<ast::Cond> {
    let mut render = Render::new(params);
    let mut req = json!({ "FilterExpression": render.cond(cond)? });
    render.finish(&mut req);
    let exprs = compile(&req, &[Kind::Filter]).map_err(where_error)?;
    exprs
        .filter
        .ok_or_else(|| DynamoError::validation("Unsupported WHERE clause"))
}

/// The expression checks speak of the expression the statement was written as.
pub(crate) fn where_error(err: DynamoError) -> DynamoError {
    let message = err
        .message
        .replace("Invalid FilterExpression: ", "")
        .replace("Invalid ConditionExpression: ", "")
        .replace("Invalid UpdateExpression: ", "")
        .replace("Invalid KeyConditionExpression: ", "");
    DynamoError { message, ..err }
}
