//! A hashable text form of a value that is equal for values the server
//! treats as equal (`1`, `1.0` and `NumberLong(1)` give the same key).

use std::fmt::Write;

use bson::Bson;

use crate::engine::mongo::expr::numeric::{as_f64, Number};

pub(crate) fn key_of(value: &Bson) -> String {
    let mut out = String::new();
    write_key(value, &mut out);
    out
}

fn write_key(value: &Bson, out: &mut String) {
    match value {
        Bson::Null | Bson::Undefined => out.push('N'),
        Bson::String(s) | Bson::Symbol(s) => {
            let _ = write!(out, "s{}:{s}", s.len());
        }
        Bson::Document(d) => {
            out.push('{');
            for (k, v) in d {
                let _ = write!(out, "{}:{k}", k.len());
                write_key(v, out);
            }
            out.push('}');
        }
        Bson::Array(items) => {
            out.push('[');
            items.iter().for_each(|i| write_key(i, out));
            out.push(']');
        }
        other => write_scalar(other, out),
    }
}

fn write_scalar(value: &Bson, out: &mut String) {
    match Number::of(value) {
        Some(Number::Int(i)) => {
            let _ = write!(out, "n{i};");
        }
        Some(Number::Float(f)) if f.fract() == 0.0 && f.abs() < 9.2e18 => {
            let _ = write!(out, "n{};", f as i64);
        }
        Some(_) => {
            let _ = write!(out, "f{:?};", as_f64(value).unwrap_or(f64::NAN));
        }
        None => {
            let _ = write!(out, "x{value:?};");
        }
    }
}
