//! The statements PartiQL for DynamoDB runs, as parsed; `?` parameters are
//! numbered in the order they appear and bound when the statement is planned.

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Statement {
    Select(Select),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Select {
    /// `None` for `*`.
    pub projection: Option<Vec<Path>>,
    pub table: String,
    pub index: Option<String>,
    pub filter: Option<Cond>,
    pub order: Option<Order>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Order {
    pub path: Path,
    pub descending: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Insert {
    pub table: String,
    pub index: Option<String>,
    pub value: Lit,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Update {
    pub table: String,
    pub index: Option<String>,
    pub set: Vec<(Path, Operand)>,
    pub remove: Vec<Path>,
    pub filter: Option<Cond>,
    pub returning: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Delete {
    pub table: String,
    pub index: Option<String>,
    pub filter: Option<Cond>,
    pub returning: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Step {
    Name(String),
    Index(usize),
}

pub(crate) type Path = Vec<Step>;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Lit {
    Str(String),
    Num(String),
    Bool(bool),
    Null,
    List(Vec<Lit>),
    Map(Vec<(String, Lit)>),
    Set(Vec<Lit>),
    Param(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Operand {
    Path(Path),
    Lit(Lit),
    /// A function call: `size(a)`, `list_append(a, [1])`, `set_add(s, <<'x'>>)`.
    Call(String, Vec<Operand>),
    Arith(Box<Operand>, &'static str, Box<Operand>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cond {
    Cmp(Operand, &'static str, Operand),
    Between(Operand, Operand, Operand),
    In(Operand, Vec<Operand>),
    Call(String, Vec<Operand>),
    /// `IS MISSING` (true) or `IS NOT MISSING` (false).
    Missing(Path, bool),
    /// `IS NULL` (true) or `IS NOT NULL` (false): in PartiQL a missing attribute is
    /// null too.
    Null(Path, bool),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

impl Statement {
    pub(crate) fn is_read(&self) -> bool {
        matches!(self, Statement::Select(_))
    }

    pub(crate) fn table(&self) -> &str {
        match self {
            Statement::Select(s) => &s.table,
            Statement::Insert(s) => &s.table,
            Statement::Update(s) => &s.table,
            Statement::Delete(s) => &s.table,
        }
    }

    /// The index a statement names (only a SELECT may).
    pub(crate) fn index(&self) -> Option<&str> {
        match self {
            Statement::Select(s) => s.index.as_deref(),
            Statement::Insert(s) => s.index.as_deref(),
            Statement::Update(s) => s.index.as_deref(),
            Statement::Delete(s) => s.index.as_deref(),
        }
    }
}

/// The conjuncts of a condition's top-level `AND`s, in order.
pub(crate) fn conjuncts(cond: &Cond) -> Vec<&Cond> {
    match cond {
        Cond::And(a, b) => {
            let mut out = conjuncts(a);
            out.extend(conjuncts(b));
            out
        }
        other => vec![other],
    }
}
