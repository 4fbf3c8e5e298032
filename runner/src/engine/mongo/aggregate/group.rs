//! `$group` (groups in first-seen order, `_id` first, accumulators in spec
//! order; null and missing keys share one group) and `$sortByCount`.

use std::collections::HashMap;

use bson::{doc, Bson, Document};

use crate::engine::mongo::expr::{self, fail, Vars};
use crate::engine::mongo::MongoError;

use super::accumulators::{Op, State};
use super::group_key::key_of;

#[derive(Debug, Clone)]
pub(crate) struct Group {
    id: Bson,
    fields: Vec<(String, Op, Bson)>,
}

impl Group {
    pub(crate) fn parse(arg: &Bson) -> Result<Group, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(
                15947,
                "a group's fields must be specified in an object",
            ));
        };
        let id = spec
            .get("_id")
            .cloned()
            .ok_or_else(|| fail(15955, "a group specification must include an _id"))?;
        expr::validate(&id)?;
        let fields = spec
            .iter()
            .filter(|(name, _)| *name != "_id")
            .map(|(name, value)| parse_field(name, value))
            .collect::<Result<_, _>>()?;
        Ok(Group { id, fields })
    }

    pub(crate) fn run(
        &self,
        docs: Vec<Document>,
        vars: &Vars,
    ) -> Result<Vec<Document>, MongoError> {
        let mut groups: Vec<(Bson, Vec<State>)> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for doc in &docs {
            let id = self.group_id(doc, vars)?;
            let slot = *index.entry(key_of(&id)).or_insert_with(|| {
                groups.push((
                    id,
                    self.fields
                        .iter()
                        .map(|(_, op, _)| State::new(*op))
                        .collect(),
                ));
                groups.len() - 1
            });
            let Some((_, states)) = groups.get_mut(slot) else {
                continue;
            };
            for ((_, _, e), state) in self.fields.iter().zip(states.iter_mut()) {
                state.add(expr::evaluate(e, doc, vars)?)?;
            }
        }
        Ok(groups
            .into_iter()
            .map(|(id, states)| self.output(id, states))
            .collect())
    }

    /// The group key. With a one-field object (`{a: "$a"}`) the server
    /// evaluates the field alone, so a missing value joins null's group.
    fn group_id(&self, doc: &Document, vars: &Vars) -> Result<Bson, MongoError> {
        match &self.id {
            Bson::Document(spec) if spec.len() == 1 && !is_operator(spec) => {
                let Some((name, e)) = spec.iter().next() else {
                    return Ok(Bson::Null);
                };
                let value = expr::evaluate(e, doc, vars)?.unwrap_or(Bson::Null);
                Ok(Bson::Document(doc! { name.clone(): value }))
            }
            id => Ok(expr::evaluate(id, doc, vars)?.unwrap_or(Bson::Null)),
        }
    }

    fn output(&self, id: Bson, states: Vec<State>) -> Document {
        let mut out = doc! { "_id": id };
        for ((name, _, _), state) in self.fields.iter().zip(states) {
            out.insert(name.clone(), state.finish());
        }
        out
    }
}

fn parse_field(name: &str, value: &Bson) -> Result<(String, Op, Bson), MongoError> {
    if name.contains('.') {
        return Err(fail(
            40235,
            format!("The field name '{name}' cannot contain '.'"),
        ));
    }
    if name.starts_with('$') {
        return Err(fail(
            40236,
            format!("The field name '{name}' cannot be an operator name"),
        ));
    }
    let Bson::Document(acc) = value else {
        return Err(fail(
            40234,
            format!("The field '{name}' must be an accumulator object"),
        ));
    };
    let mut entries = acc.iter();
    let (Some((op_name, arg)), None) = (entries.next(), entries.next()) else {
        return Err(fail(
            40238,
            format!("The field '{name}' must specify one accumulator"),
        ));
    };
    let op = Op::parse(op_name)
        .ok_or_else(|| fail(15952, format!("unknown group operator '{op_name}'")))?;
    let arg = if op_name == "$count" {
        count_argument(arg)?
    } else {
        arg.clone()
    };
    expr::validate(&arg)?;
    Ok((name.to_string(), op, arg))
}

fn count_argument(arg: &Bson) -> Result<Bson, MongoError> {
    match arg {
        Bson::Document(d) if d.is_empty() => Ok(Bson::Int32(1)),
        _ => Err(fail(40237, "$count takes no arguments, i.e. $count:{}")),
    }
}

pub(crate) fn parse_sort_by_count(arg: &Bson) -> Result<Bson, MongoError> {
    match arg {
        Bson::String(s) if s.starts_with('$') => {
            expr::validate(arg)?;
            Ok(arg.clone())
        }
        Bson::Document(d) if d.keys().next().is_some_and(|k| k.starts_with('$')) => {
            expr::validate(arg)?;
            Ok(arg.clone())
        }
        Bson::Document(_) => Err(fail(
            40147,
            "the sortByCount field must be specified as an object with an operator",
        )),
        _ => Err(fail(
            40148,
            "the sortByCount field must be defined as a $-prefixed path or an expression",
        )),
    }
}

fn is_operator(spec: &Document) -> bool {
    spec.keys().next().is_some_and(|k| k.starts_with('$'))
}

/// `$sortByCount: expr` = group with a count, then sort by the count, descending.
pub(crate) fn sort_by_count(
    key: &Bson,
    docs: Vec<Document>,
    vars: &Vars,
) -> Result<Vec<Document>, MongoError> {
    let group = Group {
        id: key.clone(),
        fields: vec![("count".to_string(), Op::Sum, Bson::Int32(1))],
    };
    let mut out = group.run(docs, vars)?;
    out.sort_by(|a, b| expr::compare_opt(b.get("count"), a.get("count")));
    Ok(out)
}
