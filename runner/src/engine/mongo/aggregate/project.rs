//! Projections for `$project` and `find`: the server's parsing rules
//! (inclusion vs exclusion, `_id` default, path collisions) and application
//! that keeps the input's field order and appends computed fields.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{self, fail, show, Vars};
use crate::engine::mongo::MongoError;

use super::find_ops::{self, FindOp};
use super::projection_tree::{Item, Node};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Inclusion,
    Exclusion,
}

/// A parsed projection.
#[derive(Debug, Clone)]
pub struct Projection {
    root: Node,
    mode: Mode,
}

#[derive(Default)]
struct ParseState {
    mode: Option<Mode>,
    for_find: bool,
    id_specified: bool,
    id_included: bool,
    id_excluded: bool,
    has_find_slice: bool,
    has_elem_match: bool,
    has_positional: bool,
    query: Option<Document>,
}

impl Projection {
    /// Parses `spec`; `for_find` allows `$slice`/`$elemMatch` and gives find's error texts.
    pub fn parse(spec: &Document, for_find: bool) -> Result<Projection, MongoError> {
        let state = ParseState {
            for_find,
            ..ParseState::default()
        };
        parse_with(state, spec)
    }

    /// A find projection with the query it runs under, which the positional
    /// `"array.$"` form needs to pick the matched element.
    pub fn parse_find(spec: &Document, query: &Document) -> Result<Projection, MongoError> {
        let state = ParseState {
            for_find: true,
            query: Some(query.clone()),
            ..ParseState::default()
        };
        parse_with(state, spec)
    }

    /// An exclusion projection of `paths` (what `$unset` is).
    pub fn exclusion_of(paths: &[String]) -> Result<Projection, MongoError> {
        let mut root = Node::default();
        for path in paths {
            root.add_at_path(path, Item::Exclude)?;
        }
        Ok(Projection {
            root,
            mode: Mode::Exclusion,
        })
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Applies the projection to one document.
    pub fn apply(&self, doc: &Document) -> Result<Document, MongoError> {
        self.apply_with(doc, &Vars::new())
    }

    /// Applies the projection with variables in scope (pipeline `let`).
    pub fn apply_with(&self, doc: &Document, vars: &Vars) -> Result<Document, MongoError> {
        let ctx = Apply { root: doc, vars };
        match self.mode {
            Mode::Inclusion => ctx.include_doc(&self.root, doc),
            Mode::Exclusion => ctx.exclude_doc(&self.root, doc),
        }
    }

    /// Checks the expressions inside (unknown operators) before any document is read.
    pub fn validate(&self) -> Result<(), MongoError> {
        self.root.validate()
    }
}

fn parse_with(mut state: ParseState, spec: &Document) -> Result<Projection, MongoError> {
    let mut root = Node::default();
    for (key, value) in spec {
        state.id_specified |= key == "_id" || key.starts_with("_id.");
        parse_element(&mut state, key, value, &mut root, true)?;
    }
    let mode = state.mode.unwrap_or_else(|| default_mode(&state));
    if !state.id_specified && mode == Mode::Inclusion {
        root.add_at_path("_id", Item::Include)?;
    }
    if mode == Mode::Exclusion && state.id_included {
        root.remove("_id");
    }
    Ok(Projection { root, mode })
}

/// The server's fallback when only `_id` or find operators decided nothing.
fn default_mode(state: &ParseState) -> Mode {
    if state.has_find_slice {
        return if state.id_included {
            Mode::Inclusion
        } else {
            Mode::Exclusion
        };
    }
    if state.has_elem_match || (state.id_included && !state.id_excluded) {
        return Mode::Inclusion;
    }
    Mode::Exclusion
}

fn is_bool_or_number(value: &Bson) -> bool {
    matches!(value, Bson::Boolean(_)) || expr::numeric::is_number(value)
}

fn truthy(value: &Bson) -> bool {
    match value {
        Bson::Boolean(b) => *b,
        other => expr::numeric::as_f64(other).is_some_and(|f| f != 0.0),
    }
}

fn parse_element(
    state: &mut ParseState,
    key: &str,
    value: &Bson,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), MongoError> {
    if key.ends_with(".$") || key.contains(".$.") {
        return parse_positional(state, key, value, parent);
    }
    match value {
        Bson::Document(sub) => parse_sub_object(state, key, sub, parent, at_root),
        v if is_bool_or_number(v) && truthy(v) => parse_inclusion(state, key, parent, at_root),
        v if is_bool_or_number(v) => parse_exclusion(state, key, parent, at_root),
        v => parse_literal(state, key, v, parent),
    }
}

/// `"a.$": 1` needs the query; it is approximated by including the array.
fn parse_positional(
    state: &mut ParseState,
    key: &str,
    value: &Bson,
    parent: &mut Node,
) -> Result<(), MongoError> {
    if !state.for_find {
        return Err(fail(
            31324,
            "Cannot use positional projection in aggregation projection",
        ));
    }
    if !is_bool_or_number(value) {
        return Err(fail(
            31308,
            "positional projection cannot be used with a literal",
        ));
    }
    if state.has_positional {
        return Err(fail(
            31276,
            "Cannot specify more than one positional projection per query.",
        ));
    }
    let base = key.split(".$").next().unwrap_or(key);
    let op = find_ops::positional(key, base, state.query.as_ref())?;
    state.has_positional = true;
    parent.add_at_path(base, Item::Find(op))?;
    if state.mode == Some(Mode::Exclusion) {
        return Err(fail(
            31253,
            format!("Cannot do inclusion on field {key} in exclusion projection"),
        ));
    }
    state.mode = Some(Mode::Inclusion);
    Ok(())
}

fn parse_inclusion(
    state: &mut ParseState,
    key: &str,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), MongoError> {
    parent.add_at_path(key, Item::Include)?;
    if at_root && key == "_id" {
        state.id_included = true;
        return Ok(());
    }
    if state.mode == Some(Mode::Exclusion) {
        return Err(fail(
            31253,
            format!("Cannot do inclusion on field {key} in exclusion projection"),
        ));
    }
    state.mode = Some(Mode::Inclusion);
    Ok(())
}

fn parse_exclusion(
    state: &mut ParseState,
    key: &str,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), MongoError> {
    parent.add_at_path(key, Item::Exclude)?;
    if at_root && key == "_id" {
        state.id_excluded = true;
        return Ok(());
    }
    if state.mode == Some(Mode::Inclusion) {
        return Err(fail(
            31254,
            format!("Cannot do exclusion on field {key} in inclusion projection"),
        ));
    }
    state.mode = Some(Mode::Exclusion);
    Ok(())
}

fn parse_literal(
    state: &mut ParseState,
    key: &str,
    value: &Bson,
    parent: &mut Node,
) -> Result<(), MongoError> {
    expr::validate(value)?;
    parent.add_at_path(key, Item::Computed(value.clone()))?;
    if state.mode == Some(Mode::Exclusion) {
        return Err(fail(
            31310,
            format!(
                "Cannot use an expression {key}: {} in an exclusion projection",
                show::value(value)
            ),
        ));
    }
    state.mode = Some(Mode::Inclusion);
    Ok(())
}

fn parse_sub_object(
    state: &mut ParseState,
    key: &str,
    sub: &Document,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), MongoError> {
    if let Some(first) = sub
        .keys()
        .next()
        .filter(|k| sub.len() == 1 && k.starts_with('$'))
    {
        return parse_operator(state, key, first, sub, parent, at_root);
    }
    if sub.is_empty() {
        return Err(fail(
            51270,
            format!(
                "An empty sub-projection is not a valid value. Found empty object at path {key}"
            ),
        ));
    }
    let mut child = Node::default();
    for (k, v) in sub {
        parse_element(state, k, v, &mut child, false)?;
    }
    parent.add_at_path(key, Item::Child(child))
}

fn parse_operator(
    state: &mut ParseState,
    key: &str,
    name: &str,
    sub: &Document,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), MongoError> {
    if state.for_find {
        if let Some(op) = find_ops::parse(name, key, sub, at_root)? {
            state.has_find_slice |= matches!(op, FindOp::Slice { .. });
            state.has_elem_match |= matches!(op, FindOp::ElemMatch(_));
            return parent.add_at_path(key, Item::Find(op));
        }
    }
    if !expr::is_operator(name) {
        return Err(fail(31325, format!("Unknown expression {name}")));
    }
    if state.mode == Some(Mode::Exclusion) {
        return Err(fail(
            31252,
            "Cannot use expression other than $meta in exclusion projection",
        ));
    }
    expr::validate(&Bson::Document(sub.clone()))?;
    state.mode = Some(Mode::Inclusion);
    parent.add_at_path(key, Item::Computed(Bson::Document(sub.clone())))
}

/// One application of a projection: the whole input (expressions read it) and the variables.
struct Apply<'a> {
    root: &'a Document,
    vars: &'a Vars,
}

impl Apply<'_> {
    fn eval(&self, e: &Bson) -> Result<Option<Bson>, MongoError> {
        expr::evaluate(e, self.root, self.vars)
    }

    /// Included fields in input order, then computed fields in spec order.
    fn include_doc(&self, node: &Node, doc: &Document) -> Result<Document, MongoError> {
        let mut out = Document::new();
        for (key, value) in doc {
            if let Some(v) = self.include_field(node.get(key), value)? {
                out.insert(key.clone(), v);
            }
        }
        for (key, item) in node.items() {
            self.add_computed(&mut out, key, item)?;
        }
        Ok(out)
    }

    fn include_field(&self, item: Option<&Item>, value: &Bson) -> Result<Option<Bson>, MongoError> {
        match item {
            Some(Item::Include) => Ok(Some(value.clone())),
            Some(Item::Child(child)) => self.include_value(child, value),
            Some(Item::Find(op)) => op.apply(value, self.root),
            _ => Ok(None),
        }
    }

    /// A sub-projection through subdocuments and arrays; scalars are dropped.
    fn include_value(&self, node: &Node, value: &Bson) -> Result<Option<Bson>, MongoError> {
        match value {
            Bson::Document(d) => Ok(Some(Bson::Document(self.include_doc(node, d)?))),
            Bson::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    if let Some(v) = self.include_value(node, item)? {
                        out.push(v);
                    }
                }
                Ok(Some(Bson::Array(out)))
            }
            _ => Ok(None),
        }
    }

    fn add_computed(&self, out: &mut Document, key: &str, item: &Item) -> Result<(), MongoError> {
        match item {
            Item::Computed(e) => {
                if let Some(v) = self.eval(e)? {
                    out.insert(key, v);
                }
            }
            Item::Child(child) if child.has_computed() && !out.contains_key(key) => {
                out.insert(key, self.include_doc(child, &Document::new())?);
            }
            _ => {}
        }
        Ok(())
    }

    /// Everything but the excluded fields, in input order.
    fn exclude_doc(&self, node: &Node, doc: &Document) -> Result<Document, MongoError> {
        let mut out = Document::new();
        for (key, value) in doc {
            match node.get(key) {
                Some(Item::Exclude) => {}
                Some(Item::Child(child)) => {
                    out.insert(key.clone(), self.exclude_value(child, value)?);
                }
                Some(Item::Find(op)) => {
                    if let Some(v) = op.apply(value, self.root)? {
                        out.insert(key.clone(), v);
                    }
                }
                _ => {
                    out.insert(key.clone(), value.clone());
                }
            }
        }
        Ok(out)
    }

    fn exclude_value(&self, node: &Node, value: &Bson) -> Result<Bson, MongoError> {
        Ok(match value {
            Bson::Document(d) => Bson::Document(self.exclude_doc(node, d)?),
            Bson::Array(items) => Bson::Array(
                items
                    .iter()
                    .map(|i| self.exclude_value(node, i))
                    .collect::<Result<_, _>>()?,
            ),
            other => other.clone(),
        })
    }
}
