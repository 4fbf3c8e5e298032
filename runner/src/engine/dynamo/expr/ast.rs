//! Syntax trees shared by condition, filter, key-condition, projection and
//! update expressions. Placeholders stay unresolved until `resolve` runs.

use crate::engine::dynamo::types::AttrValue;

#[derive(Debug, Clone, PartialEq)]
pub enum PathElem {
    /// A bare name as typed (may be a reserved word).
    Name(String),
    /// `#placeholder`, before resolution.
    NamePh(String),
    /// The attribute name after resolution.
    Attr(String),
    Index(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Path(pub Vec<PathElem>);

#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    Path(Path),
    ValuePh(String),
    Value(AttrValue),
    Call(Call),
    Arith(Box<Operand>, ArithOp, Box<Operand>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ArithOp {
    Plus,
    Minus,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub args: Vec<Operand>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    Cmp(Operand, CmpOp, Operand),
    Between(Operand, Operand, Operand),
    In(Operand, Vec<Operand>),
    Call(Call),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
    Paren(Box<Cond>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum UpdateAction {
    Set(Path, Operand),
    Remove(Path),
    Add(Path, Operand),
    Delete(Path, Operand),
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "<>",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// The operator seen from the other side (`:a < #d` is `#d > :a`).
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }
}

impl Path {
    /// Resolved attribute name of the first element.
    pub fn top(&self) -> &str {
        match self.0.first() {
            Some(PathElem::Attr(s)) | Some(PathElem::Name(s)) | Some(PathElem::NamePh(s)) => s,
            _ => "",
        }
    }

    pub fn is_nested(&self) -> bool {
        self.0.len() > 1
    }

    /// `[a, [0], b]` as update/projection overlap errors print a path.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(PathElem::describe).collect();
        format!("[{}]", parts.join(", "))
    }
}

impl PathElem {
    fn describe(&self) -> String {
        match self {
            PathElem::Name(s) | PathElem::NamePh(s) | PathElem::Attr(s) => s.clone(),
            PathElem::Index(i) => format!("[{i}]"),
        }
    }
}
