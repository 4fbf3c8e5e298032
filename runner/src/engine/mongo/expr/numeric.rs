//! Numbers across int, long, double and decimal: widening, overflow to the
//! next type, and conversion back to BSON as the server does.

use std::str::FromStr;

use bson::{Bson, Decimal128};

/// Numeric BSON types, narrowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Int,
    Long,
    Double,
    Decimal,
}

/// A numeric value, exact for integers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    pub(crate) fn of(value: &Bson) -> Option<Number> {
        match value {
            Bson::Int32(i) => Some(Number::Int(i64::from(*i))),
            Bson::Int64(i) => Some(Number::Int(*i)),
            Bson::Double(f) => Some(Number::Float(*f)),
            Bson::Decimal128(d) => Some(Number::Float(decimal_to_f64(d))),
            _ => None,
        }
    }

    pub(crate) fn to_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

pub(crate) fn kind(value: &Bson) -> Option<Kind> {
    match value {
        Bson::Int32(_) => Some(Kind::Int),
        Bson::Int64(_) => Some(Kind::Long),
        Bson::Double(_) => Some(Kind::Double),
        Bson::Decimal128(_) => Some(Kind::Decimal),
        _ => None,
    }
}

pub(crate) fn is_number(value: &Bson) -> bool {
    kind(value).is_some()
}

pub(crate) fn as_f64(value: &Bson) -> Option<f64> {
    Number::of(value).map(Number::to_f64)
}

/// The value as an integer when it is a whole number in range.
pub(crate) fn as_whole_i64(value: &Bson) -> Option<i64> {
    match Number::of(value)? {
        Number::Int(i) => Some(i),
        Number::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Some(f as i64),
        Number::Float(_) => None,
    }
}

pub(crate) fn decimal_to_f64(d: &Decimal128) -> f64 {
    d.to_string().parse::<f64>().unwrap_or(f64::NAN)
}

pub(crate) fn f64_to_decimal(f: f64) -> Bson {
    Decimal128::from_str(&format!("{f}"))
        .map(Bson::Decimal128)
        .unwrap_or(Bson::Double(f))
}

/// A running total or product that widens like the server: int → long →
/// double on overflow, and never narrows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Total {
    pub kind: Kind,
    exact: Option<i64>,
    float: f64,
}

impl Total {
    pub(crate) fn new(start: i64) -> Total {
        Total {
            kind: Kind::Int,
            exact: Some(start),
            float: start as f64,
        }
    }

    pub(crate) fn add(&mut self, value: &Bson) {
        self.combine(value, i64::checked_add, |a, b| a + b);
    }

    pub(crate) fn multiply(&mut self, value: &Bson) {
        self.combine(value, i64::checked_mul, |a, b| a * b);
    }

    fn combine(
        &mut self,
        value: &Bson,
        exact: fn(i64, i64) -> Option<i64>,
        float: fn(f64, f64) -> f64,
    ) {
        let (Some(k), Some(n)) = (kind(value), Number::of(value)) else {
            return;
        };
        self.kind = self.kind.max(k);
        self.exact = match (self.exact, n) {
            (Some(a), Number::Int(b)) => exact(a, b),
            _ => None,
        };
        self.float = float(self.float, n.to_f64());
    }

    pub(crate) fn to_bson(self) -> Bson {
        match (self.kind, self.exact) {
            (Kind::Int, Some(i)) => i32::try_from(i).map(Bson::Int32).unwrap_or(Bson::Int64(i)),
            (Kind::Long, Some(i)) => Bson::Int64(i),
            (Kind::Decimal, _) => f64_to_decimal(self.float),
            _ => Bson::Double(self.float),
        }
    }
}

/// Builds a number of `kind` from a double result (for $abs, $ceil, ...).
pub(crate) fn of_kind(kind: Kind, value: f64) -> Bson {
    let whole = value.fract() == 0.0;
    match kind {
        Kind::Int if whole && value.abs() <= i32::MAX as f64 => Bson::Int32(value as i32),
        Kind::Int | Kind::Long if whole && value.abs() < 9.2e18 => Bson::Int64(value as i64),
        Kind::Decimal => f64_to_decimal(value),
        _ => Bson::Double(value),
    }
}
