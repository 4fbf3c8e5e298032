//! Recursive-descent parser for the expression grammars (spec §4-§7).
//! Errors carry the message body; callers add `Invalid <Kind>Expression: `.

use super::ast::*;
use super::error::{ExprError, ExprResult};
use super::lexer::{tokenize, Tok, Token};

pub type PResult<T> = ExprResult<T>;

pub struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
}

/// The service allows 32 levels of nesting; deeper input is refused before
/// it can exhaust the stack.
const MAX_DEPTH: usize = 32;

const KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];
const CLAUSES: [&str; 4] = ["SET", "REMOVE", "ADD", "DELETE"];

pub fn parse_condition(src: &str) -> PResult<Cond> {
    let mut p = Parser::new(src)?;
    let cond = p.or_cond()?;
    p.expect_eof()?;
    Ok(cond)
}

pub fn parse_projection(src: &str) -> PResult<Vec<Path>> {
    let mut p = Parser::new(src)?;
    let mut paths = vec![p.path()?];
    while p.eat(&Tok::Comma) {
        paths.push(p.path()?);
    }
    p.expect_eof()?;
    Ok(paths)
}

pub fn parse_update(src: &str) -> PResult<Vec<UpdateAction>> {
    let mut p = Parser::new(src)?;
    let mut actions = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    loop {
        let clause = p.clause_keyword()?;
        if seen.contains(&clause) {
            return Err(ExprError::new(format!(
                "The \"{clause}\" section can only be used once in an update expression;"
            )));
        }
        p.clause_actions(&clause, &mut actions)?;
        seen.push(clause);
        if p.peek() == &Tok::Eof {
            return Ok(actions);
        }
    }
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> PResult<Parser<'a>> {
        if src.trim().is_empty() {
            return Err(ExprError::new("The expression can not be empty;"));
        }
        Ok(Parser {
            src,
            toks: tokenize(src),
            pos: 0,
            depth: 0,
        })
    }

    fn peek(&self) -> &Tok {
        self.toks.get(self.pos).map(|t| &t.tok).unwrap_or(&Tok::Eof)
    }

    fn peek_at(&self, offset: usize) -> &Tok {
        self.toks
            .get(self.pos + offset)
            .map(|t| &t.tok)
            .unwrap_or(&Tok::Eof)
    }

    fn advance(&mut self) -> Tok {
        let tok = self.peek().clone();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        tok
    }

    fn eat(&mut self, want: &Tok) -> bool {
        if self.peek() == want {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn peek_keyword(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s.eq_ignore_ascii_case(word))
    }

    /// `Syntax error; token: "<tok>", near: "<prev tok … next tok>"`.
    fn syntax_error<T>(&self) -> PResult<T> {
        let last = self.toks.len().saturating_sub(1);
        let i = self.pos.min(last);
        let token = self.toks[i].text(self.src);
        let start = self.toks[i.saturating_sub(1)].start;
        let end = self.toks[(i + 1).min(last)].end.max(self.toks[i].end);
        let near = self.src.get(start..end).unwrap_or("");
        Err(ExprError::new(format!(
            "Syntax error; token: \"{token}\", near: \"{near}\""
        )))
    }

    fn expect(&mut self, want: &Tok) -> PResult<()> {
        if self.eat(want) {
            Ok(())
        } else {
            self.syntax_error()
        }
    }

    fn expect_eof(&mut self) -> PResult<()> {
        if self.peek() == &Tok::Eof {
            Ok(())
        } else {
            self.syntax_error()
        }
    }

    fn or_cond(&mut self) -> PResult<Cond> {
        let mut left = self.and_cond()?;
        while self.peek_keyword("OR") {
            self.advance();
            left = Cond::Or(Box::new(left), Box::new(self.and_cond()?));
        }
        Ok(left)
    }

    fn and_cond(&mut self) -> PResult<Cond> {
        let mut left = self.not_cond()?;
        while self.peek_keyword("AND") {
            self.advance();
            left = Cond::And(Box::new(left), Box::new(self.not_cond()?));
        }
        Ok(left)
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return Err(ExprError::new(
                "Nesting Levels have exceeded supported limits",
            ));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    fn not_cond(&mut self) -> PResult<Cond> {
        if self.peek_keyword("NOT") {
            self.advance();
            return Ok(Cond::Not(Box::new(self.nested(Self::not_cond)?)));
        }
        self.primary_cond()
    }

    fn primary_cond(&mut self) -> PResult<Cond> {
        if self.eat(&Tok::LParen) {
            let inner = self.nested(Self::or_cond)?;
            self.expect(&Tok::RParen)?;
            if matches!(inner, Cond::Paren(_)) {
                return Err(ExprError::new("The expression has redundant parentheses;"));
            }
            return Ok(Cond::Paren(Box::new(inner)));
        }
        let left = self.operand()?;
        self.comparison_rest(left)
    }

    fn comparison_rest(&mut self, left: Operand) -> PResult<Cond> {
        if let Some(op) = self.comparator() {
            self.advance();
            let right = self.operand()?;
            return Ok(Cond::Cmp(left, op, right));
        }
        if self.peek_keyword("BETWEEN") {
            self.advance();
            let lo = self.operand()?;
            if !self.peek_keyword("AND") {
                return self.syntax_error();
            }
            self.advance();
            let hi = self.operand()?;
            return Ok(Cond::Between(left, lo, hi));
        }
        if self.peek_keyword("IN") {
            self.advance();
            return self.in_list(left);
        }
        match left {
            Operand::Call(call) => Ok(Cond::Call(call)),
            _ => self.syntax_error(),
        }
    }

    fn in_list(&mut self, left: Operand) -> PResult<Cond> {
        self.expect(&Tok::LParen)?;
        let mut items = vec![self.operand()?];
        while self.eat(&Tok::Comma) {
            items.push(self.operand()?);
        }
        self.expect(&Tok::RParen)?;
        Ok(Cond::In(left, items))
    }

    fn comparator(&self) -> Option<CmpOp> {
        match self.peek() {
            Tok::Eq => Some(CmpOp::Eq),
            Tok::Ne => Some(CmpOp::Ne),
            Tok::Lt => Some(CmpOp::Lt),
            Tok::Le => Some(CmpOp::Le),
            Tok::Gt => Some(CmpOp::Gt),
            Tok::Ge => Some(CmpOp::Ge),
            _ => None,
        }
    }

    /// path | :value | function(args)
    fn operand(&mut self) -> PResult<Operand> {
        match self.peek().clone() {
            Tok::ValuePh(v) => {
                self.advance();
                Ok(Operand::ValuePh(v))
            }
            Tok::Ident(name) if self.peek_at(1) == &Tok::LParen => self.call(name),
            _ => Ok(Operand::Path(self.path()?)),
        }
    }

    fn call(&mut self, name: String) -> PResult<Operand> {
        self.advance();
        self.advance();
        let mut args = Vec::new();
        if self.peek() == &Tok::RParen {
            return self.syntax_error();
        }
        loop {
            args.push(self.nested(Self::update_value)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(Operand::Call(Call { name, args }))
    }

    pub fn path(&mut self) -> PResult<Path> {
        let mut elems = vec![self.path_name()?];
        loop {
            if self.eat(&Tok::Dot) {
                elems.push(self.path_name()?);
            } else if self.eat(&Tok::LBracket) {
                elems.push(self.list_index()?);
                self.expect(&Tok::RBracket)?;
            } else {
                return Ok(Path(elems));
            }
        }
    }

    fn path_name(&mut self) -> PResult<PathElem> {
        match self.peek().clone() {
            Tok::Ident(name) if !is_keyword(&name) => {
                self.advance();
                Ok(PathElem::Name(name))
            }
            Tok::NamePh(name) => {
                self.advance();
                Ok(PathElem::NamePh(name))
            }
            _ => self.syntax_error(),
        }
    }

    fn list_index(&mut self) -> PResult<PathElem> {
        match self.peek().clone() {
            Tok::Int(digits) => match digits.parse::<usize>() {
                Ok(i) => {
                    self.advance();
                    Ok(PathElem::Index(i))
                }
                Err(_) => self.syntax_error(),
            },
            _ => self.syntax_error(),
        }
    }

    fn clause_keyword(&mut self) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(word) if CLAUSES.iter().any(|c| c.eq_ignore_ascii_case(&word)) => {
                self.advance();
                Ok(word.to_ascii_uppercase())
            }
            _ => self.syntax_error(),
        }
    }

    fn clause_actions(&mut self, clause: &str, out: &mut Vec<UpdateAction>) -> PResult<()> {
        loop {
            out.push(self.update_action(clause)?);
            if !self.eat(&Tok::Comma) {
                return Ok(());
            }
        }
    }

    fn update_action(&mut self, clause: &str) -> PResult<UpdateAction> {
        let path = self.path()?;
        match clause {
            "SET" => {
                self.expect(&Tok::Eq)?;
                Ok(UpdateAction::Set(path, self.update_value()?))
            }
            "REMOVE" => Ok(UpdateAction::Remove(path)),
            "ADD" => Ok(UpdateAction::Add(path, self.value_placeholder()?)),
            _ => Ok(UpdateAction::Delete(path, self.value_placeholder()?)),
        }
    }

    fn value_placeholder(&mut self) -> PResult<Operand> {
        match self.advance() {
            Tok::ValuePh(v) => Ok(Operand::ValuePh(v)),
            _ => {
                self.pos = self.pos.saturating_sub(1);
                self.syntax_error()
            }
        }
    }

    /// operand [(+|-) operand], the right-hand side of SET.
    fn update_value(&mut self) -> PResult<Operand> {
        let left = self.operand()?;
        let op = match self.peek() {
            Tok::Plus => ArithOp::Plus,
            Tok::Minus => ArithOp::Minus,
            _ => return Ok(left),
        };
        self.advance();
        let right = self.operand()?;
        Ok(Operand::Arith(Box::new(left), op, Box::new(right)))
    }
}

fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_name_the_token_and_its_neighbours() {
        assert_eq!(
            parse_update("SET projectCount = :a,").unwrap_err(),
            "Syntax error; token: \"<EOF>\", near: \",\""
        );
        assert_eq!(
            parse_update("INVALID SYNTAX").unwrap_err(),
            "Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""
        );
        assert_eq!(
            parse_projection("project-name").unwrap_err(),
            "Syntax error; token: \"-\", near: \"project-name\""
        );
        assert_eq!(
            parse_condition("a = :b AND").unwrap_err(),
            "Syntax error; token: \"<EOF>\", near: \"AND\""
        );
    }

    #[test]
    fn precedence_binds_and_tighter_than_or() {
        let cond = parse_condition("a = :a OR b = :b AND c = :c").unwrap();
        assert!(matches!(cond, Cond::Or(_, ref right) if matches!(**right, Cond::And(_, _))));
    }

    #[test]
    fn deep_nesting_is_refused_without_overflowing() {
        let deep = format!("{}a = :a{}", "(".repeat(5000), ")".repeat(5000));
        assert_eq!(
            parse_condition(&deep).unwrap_err(),
            "Nesting Levels have exceeded supported limits"
        );
        let nots = format!("{}a = :a", "NOT ".repeat(5000));
        assert!(parse_condition(&nots).is_err());
    }

    #[test]
    fn redundant_parentheses_are_rejected() {
        assert!(parse_condition("(a = :a) OR (b = :b)").is_ok());
        assert_eq!(
            parse_condition("((a = :a))").unwrap_err(),
            "The expression has redundant parentheses;"
        );
    }

    #[test]
    fn update_sections_appear_once() {
        assert_eq!(
            parse_update("SET a = :one SET b = :one").unwrap_err(),
            "The \"SET\" section can only be used once in an update expression;"
        );
        assert_eq!(
            parse_update("REMOVE a, b[1] ADD c :n DELETE d :s set e = f + :x")
                .unwrap()
                .len(),
            5
        );
    }
}
