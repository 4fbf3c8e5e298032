//! A recursive-descent parser for the statements PartiQL for DynamoDB takes.

use super::lexer::{tokens, Tok};
use super::statement::{
    Cond, Delete, Insert, Lit, Operand, Order, Path, Select, Statement, Step, Update,
};
use super::syntax_error;
use crate::engine::dynamo::errors::{DResult, DynamoError};

/// The condition functions; `size` is an operand instead.
const CONDITION_FUNCTIONS: [&str; 5] = [
    "begins_with",
    "contains",
    "attribute_type",
    "attribute_exists",
    "attribute_not_exists",
];

/// The statement and how many `?` parameters it takes.
pub(crate) fn parse(text: &str) -> DResult<(Statement, usize)> {
    let toks = tokens(text)?;
    check_nesting(&toks)?;
    let mut p = Parser {
        toks,
        at: 0,
        params: 0,
    };
    let statement = p.statement()?;
    p.eat_sym(";");
    match p.peek() {
        None => Ok((statement, p.params)),
        Some(t) => Err(unexpected(t)),
    }
}

/// Brackets or `NOT`s nested deeper than this are refused before parsing: the parser
/// recurses once per level, and a statement of a few kilobytes must not exhaust the
/// stack. Items nest at most 32 levels, so no valid literal comes near it.
const MAX_NESTING: usize = 64;

fn check_nesting(toks: &[Tok]) -> DResult<()> {
    let (mut depth, mut nots) = (0usize, 0usize);
    for tok in toks {
        match tok {
            Tok::Sym("(" | "[" | "{" | "<<") => depth += 1,
            Tok::Sym(")" | "]" | "}" | ">>") => depth = depth.saturating_sub(1),
            _ => {}
        }
        nots = match tok {
            Tok::Word(w) if w.eq_ignore_ascii_case("NOT") => nots + 1,
            _ => 0,
        };
        if depth > MAX_NESTING || nots > MAX_NESTING {
            return Err(DynamoError::validation(
                "Nesting Levels have exceeded supported limits",
            ));
        }
    }
    Ok(())
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    /// `?` parameters seen so far: the next one's number.
    params: usize,
}

fn unexpected(tok: &Tok) -> DynamoError {
    syntax_error(&format!("Unexpected token: {}", tok.shown()))
}

fn end_of_statement() -> DynamoError {
    syntax_error("Unexpected end of statement")
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn peek_at(&self, ahead: usize) -> Option<&Tok> {
        self.toks.get(self.at + ahead)
    }

    fn next(&mut self) -> DResult<Tok> {
        let tok = self
            .toks
            .get(self.at)
            .cloned()
            .ok_or_else(end_of_statement)?;
        self.at += 1;
        Ok(tok)
    }

    fn eat_word(&mut self, keyword: &str) -> bool {
        let hit = self.peek().is_some_and(|t| t.is_word(keyword));
        self.at += usize::from(hit);
        hit
    }

    fn eat_sym(&mut self, sym: &str) -> bool {
        let hit = matches!(self.peek(), Some(Tok::Sym(s)) if *s == sym);
        self.at += usize::from(hit);
        hit
    }

    fn expect_word(&mut self, keyword: &str) -> DResult<()> {
        match self.next()? {
            t if t.is_word(keyword) => Ok(()),
            t => Err(unexpected(&t)),
        }
    }

    fn expect_sym(&mut self, sym: &str) -> DResult<()> {
        match self.next()? {
            Tok::Sym(s) if s == sym => Ok(()),
            t => Err(unexpected(&t)),
        }
    }

    fn statement(&mut self) -> DResult<Statement> {
        let first = self.next().map_err(|_| expected_dml())?;
        let word = match &first {
            Tok::Word(w) => w.to_ascii_uppercase(),
            _ => return Err(expected_dml()),
        };
        match word.as_str() {
            "SELECT" => self.select().map(Statement::Select),
            "INSERT" => self.insert().map(Statement::Insert),
            "UPDATE" => self.update().map(Statement::Update),
            "DELETE" => self.delete().map(Statement::Delete),
            _ => Err(expected_dml()),
        }
    }

    /// A name: quoted, or a bare word.
    fn name(&mut self) -> DResult<String> {
        match self.next()? {
            Tok::Quoted(q) | Tok::Word(q) => Ok(q),
            t => Err(unexpected(&t)),
        }
    }

    /// `"table"` or `"table"."index"`.
    fn target(&mut self) -> DResult<(String, Option<String>)> {
        let table = self.name()?;
        let index = if self.eat_sym(".") {
            Some(self.name()?)
        } else {
            None
        };
        Ok((table, index))
    }

    fn path(&mut self) -> DResult<Path> {
        let mut path = vec![Step::Name(self.name()?)];
        loop {
            if self.eat_sym(".") {
                path.push(Step::Name(self.name()?));
            } else if self.eat_sym("[") {
                path.push(Step::Index(self.list_index()?));
                self.expect_sym("]")?;
            } else {
                return Ok(path);
            }
        }
    }

    fn list_index(&mut self) -> DResult<usize> {
        match self.next()? {
            Tok::Num(n) => n.parse().map_err(|_| unexpected(&Tok::Num(n))),
            t => Err(unexpected(&t)),
        }
    }

    fn select(&mut self) -> DResult<Select> {
        let projection = if self.eat_sym("*") {
            None
        } else {
            Some(self.paths()?)
        };
        self.expect_word("FROM")?;
        let (table, index) = self.target()?;
        let filter = self.where_clause()?;
        let order = self.order_by()?;
        Ok(Select {
            projection,
            table,
            index,
            filter,
            order,
        })
    }

    fn paths(&mut self) -> DResult<Vec<Path>> {
        let mut paths = vec![self.path()?];
        while self.eat_sym(",") {
            paths.push(self.path()?);
        }
        Ok(paths)
    }

    fn where_clause(&mut self) -> DResult<Option<Cond>> {
        if self.eat_word("WHERE") {
            return self.cond().map(Some);
        }
        Ok(None)
    }

    fn order_by(&mut self) -> DResult<Option<Order>> {
        if !self.eat_word("ORDER") {
            return Ok(None);
        }
        self.expect_word("BY")?;
        let path = self.path()?;
        let descending = self.eat_word("DESC");
        if !descending {
            self.eat_word("ASC");
        }
        Ok(Some(Order { path, descending }))
    }

    fn insert(&mut self) -> DResult<Insert> {
        self.expect_word("INTO")?;
        let (table, index) = self.target()?;
        self.expect_word("VALUE")?;
        let value = self.lit()?;
        Ok(Insert {
            table,
            index,
            value,
        })
    }

    fn update(&mut self) -> DResult<Update> {
        let (table, index) = self.target()?;
        let (mut set, mut remove) = (Vec::new(), Vec::new());
        loop {
            if self.eat_word("SET") {
                self.assignments(&mut set)?;
            } else if self.eat_word("REMOVE") {
                remove.extend(self.paths()?);
            } else {
                break;
            }
        }
        if set.is_empty() && remove.is_empty() {
            return Err(self.peek().map_or_else(end_of_statement, unexpected));
        }
        let filter = self.where_clause()?;
        let returning = self.returning()?;
        Ok(Update {
            table,
            index,
            set,
            remove,
            filter,
            returning,
        })
    }

    fn assignments(&mut self, set: &mut Vec<(Path, Operand)>) -> DResult<()> {
        loop {
            let path = self.path()?;
            self.expect_sym("=")?;
            set.push((path, self.operand()?));
            if !self.eat_sym(",") {
                return Ok(());
            }
        }
    }

    fn delete(&mut self) -> DResult<Delete> {
        self.expect_word("FROM")?;
        let (table, index) = self.target()?;
        let filter = self.where_clause()?;
        let returning = self.returning()?;
        Ok(Delete {
            table,
            index,
            filter,
            returning,
        })
    }

    /// `RETURNING ALL OLD *` and friends, as `ReturnValues` spells them.
    fn returning(&mut self) -> DResult<Option<String>> {
        if !self.eat_word("RETURNING") {
            return Ok(None);
        }
        let which = match self.name()?.to_ascii_uppercase().as_str() {
            "ALL" => "ALL",
            "MODIFIED" => "UPDATED",
            other => return Err(unexpected(&Tok::Word(other.into()))),
        };
        let age = match self.name()?.to_ascii_uppercase().as_str() {
            "OLD" => "OLD",
            "NEW" => "NEW",
            other => return Err(unexpected(&Tok::Word(other.into()))),
        };
        self.expect_sym("*")?;
        Ok(Some(format!("{which}_{age}")))
    }
}

fn expected_dml() -> DynamoError {
    syntax_error("Expected data manipulation")
}

// Conditions and operands.
impl Parser {
    fn cond(&mut self) -> DResult<Cond> {
        let mut left = self.conjunction()?;
        while self.eat_word("OR") {
            left = Cond::Or(Box::new(left), Box::new(self.conjunction()?));
        }
        Ok(left)
    }

    fn conjunction(&mut self) -> DResult<Cond> {
        let mut left = self.negation()?;
        while self.eat_word("AND") {
            left = Cond::And(Box::new(left), Box::new(self.negation()?));
        }
        Ok(left)
    }

    fn negation(&mut self) -> DResult<Cond> {
        if self.eat_word("NOT") {
            return Ok(Cond::Not(Box::new(self.negation()?)));
        }
        self.predicate()
    }

    fn predicate(&mut self) -> DResult<Cond> {
        if self.eat_sym("(") {
            let inner = self.cond()?;
            self.expect_sym(")")?;
            return Ok(inner);
        }
        if let Some(name) = self.condition_function() {
            self.at += 1;
            return Ok(Cond::Call(name, self.arguments()?));
        }
        let left = self.operand()?;
        self.comparison(left)
    }

    /// A condition function's name when one is called here.
    fn condition_function(&self) -> Option<String> {
        let Some(Tok::Word(w)) = self.peek() else {
            return None;
        };
        let lower = w.to_ascii_lowercase();
        let called = matches!(self.peek_at(1), Some(Tok::Sym("(")));
        (called && CONDITION_FUNCTIONS.contains(&lower.as_str())).then_some(lower)
    }

    fn comparison(&mut self, left: Operand) -> DResult<Cond> {
        if self.eat_word("BETWEEN") {
            let low = self.operand()?;
            self.expect_word("AND")?;
            return Ok(Cond::Between(left, low, self.operand()?));
        }
        if self.eat_word("IN") {
            return Ok(Cond::In(left, self.in_list()?));
        }
        if self.eat_word("IS") {
            return self.missing(left);
        }
        let op = match self.next()? {
            Tok::Sym(s @ ("=" | "<>" | "<" | "<=" | ">" | ">=")) => s,
            Tok::Sym("!=") => "<>",
            t => return Err(unexpected(&t)),
        };
        Ok(Cond::Cmp(left, op, self.operand()?))
    }

    /// `IS [NOT] MISSING` or `IS [NOT] NULL`.
    fn missing(&mut self, left: Operand) -> DResult<Cond> {
        let negated = self.eat_word("NOT");
        let null = self.eat_word("NULL");
        if !null {
            self.expect_word("MISSING")?;
        }
        match left {
            Operand::Path(p) if null => Ok(Cond::Null(p, !negated)),
            Operand::Path(p) => Ok(Cond::Missing(p, !negated)),
            _ => Err(syntax_error("IS MISSING takes an attribute path")),
        }
    }

    /// `IN [a, b]` or `IN (a, b)`.
    fn in_list(&mut self) -> DResult<Vec<Operand>> {
        let close = match self.next()? {
            Tok::Sym("[") => "]",
            Tok::Sym("(") => ")",
            t => return Err(unexpected(&t)),
        };
        let mut items = vec![self.operand()?];
        while self.eat_sym(",") {
            items.push(self.operand()?);
        }
        self.expect_sym(close)?;
        Ok(items)
    }

    fn arguments(&mut self) -> DResult<Vec<Operand>> {
        self.expect_sym("(")?;
        let mut args = vec![self.operand()?];
        while self.eat_sym(",") {
            args.push(self.operand()?);
        }
        self.expect_sym(")")?;
        Ok(args)
    }

    /// A term, or terms joined by `+` and `-` (in SET).
    fn operand(&mut self) -> DResult<Operand> {
        let mut left = self.term()?;
        loop {
            let op = if self.eat_sym("+") {
                "+"
            } else if self.eat_sym("-") {
                "-"
            } else {
                return Ok(left);
            };
            left = Operand::Arith(Box::new(left), op, Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> DResult<Operand> {
        match self.peek().cloned() {
            Some(Tok::Word(w)) if matches!(self.peek_at(1), Some(Tok::Sym("("))) => {
                self.at += 1;
                Ok(Operand::Call(w.to_ascii_lowercase(), self.arguments()?))
            }
            Some(Tok::Word(w)) if is_word_literal(&w) => self.lit().map(Operand::Lit),
            Some(Tok::Word(_) | Tok::Quoted(_)) => self.path().map(Operand::Path),
            Some(_) => self.lit().map(Operand::Lit),
            None => Err(end_of_statement()),
        }
    }
}

fn is_word_literal(w: &str) -> bool {
    ["true", "false", "null"]
        .iter()
        .any(|l| w.eq_ignore_ascii_case(l))
}

// Literals.
impl Parser {
    fn lit(&mut self) -> DResult<Lit> {
        match self.next()? {
            Tok::Str(s) => Ok(Lit::Str(s)),
            Tok::Num(n) => Ok(Lit::Num(n)),
            Tok::Sym("-") => match self.next()? {
                Tok::Num(n) => Ok(Lit::Num(format!("-{n}"))),
                t => Err(unexpected(&t)),
            },
            Tok::Param => {
                self.params += 1;
                Ok(Lit::Param(self.params - 1))
            }
            Tok::Sym("[") => self.items("]").map(Lit::List),
            Tok::Sym("<<") => self.items(">>").map(Lit::Set),
            Tok::Sym("{") => self.map_entries().map(Lit::Map),
            Tok::Word(w) => word_literal(&w).ok_or_else(|| unexpected(&Tok::Word(w))),
            t => Err(unexpected(&t)),
        }
    }

    fn items(&mut self, close: &str) -> DResult<Vec<Lit>> {
        let mut items = Vec::new();
        if self.eat_sym(close) {
            return Ok(items);
        }
        loop {
            items.push(self.lit()?);
            if self.eat_sym(close) {
                return Ok(items);
            }
            self.expect_sym(",")?;
        }
    }

    fn map_entries(&mut self) -> DResult<Vec<(String, Lit)>> {
        let mut entries = Vec::new();
        if self.eat_sym("}") {
            return Ok(entries);
        }
        loop {
            let key = match self.next()? {
                Tok::Str(s) => s,
                t => return Err(unexpected(&t)),
            };
            self.expect_sym(":")?;
            entries.push((key, self.lit()?));
            if self.eat_sym("}") {
                return Ok(entries);
            }
            self.expect_sym(",")?;
        }
    }
}

fn word_literal(w: &str) -> Option<Lit> {
    match w.to_ascii_lowercase().as_str() {
        "true" => Some(Lit::Bool(true)),
        "false" => Some(Lit::Bool(false)),
        "null" => Some(Lit::Null),
        _ => None,
    }
}
