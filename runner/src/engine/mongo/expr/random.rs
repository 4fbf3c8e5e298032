//! `$rand`: a double in [0, 1) from the engine's own generator, so a seeded
//! engine (the course, the REPL) prints the same numbers on every run while a
//! served one (`kursus layani`) draws from the process's entropy.

use std::cell::Cell;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use bson::Bson;

use super::{fail, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

thread_local! {
    /// The running command's generator, lent by the engine for the command's length:
    /// expressions are evaluated far from the engine and cannot borrow it.
    static LENT: Cell<Option<Random>> = const { Cell::new(None) };
}

/// SplitMix64: tiny, and the same sequence from a seed on every platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Random {
    state: u64,
}

impl Random {
    pub(crate) fn seeded(seed: u64) -> Random {
        Random { state: seed }
    }

    /// Seeded from the process's hash keys (drawn from the OS) and the clock.
    pub(crate) fn from_entropy() -> Random {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u128(nanos);
        Random::seeded(hasher.finish())
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 53 random bits scaled into [0, 1): every value a double can hold evenly there.
    pub(crate) fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The engine's generator lent to one command; [`Lent::give_back`] returns it advanced.
pub(crate) struct Lent {
    outer: Option<Random>,
}

impl Lent {
    pub(crate) fn enter(random: Random) -> Lent {
        Lent {
            outer: LENT.with(|l| l.replace(Some(random))),
        }
    }

    pub(crate) fn give_back(self, unused: Random) -> Random {
        LENT.with(|l| l.get()).unwrap_or(unused)
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        LENT.with(|l| l.set(self.outer));
    }
}

fn draw() -> f64 {
    LENT.with(|l| {
        let mut random = l.get().unwrap_or_else(Random::from_entropy);
        let value = random.next_f64();
        l.set(Some(random));
        value
    })
}

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    (name == "$rand").then_some(rand as OpFn)
}

/// Checked when the pipeline is parsed, before any document is read.
pub(super) fn validate(name: &str, arg: &Bson) -> Result<(), MongoError> {
    match name {
        "$rand" => check(arg),
        _ => Ok(()),
    }
}

/// `{$rand: {}}`: the argument is read as an object, which must be empty.
fn check(arg: &Bson) -> Result<(), MongoError> {
    let empty = match arg {
        Bson::Document(d) => d.is_empty(),
        Bson::Array(items) => items.is_empty(),
        _ => return Err(fail(10065, "invalid parameter: expected an object ($rand)")),
    };
    match empty {
        true => Ok(()),
        false => Err(fail(3040501, "$rand does not currently accept arguments")),
    }
}

fn rand(arg: &Bson, _: &Ctx) -> Result<Evaluated, MongoError> {
    check(arg)?;
    Ok(Some(Bson::Double(draw())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_draws_and_they_lie_in_the_unit_interval() {
        let draws = |seed| {
            let mut r = Random::seeded(seed);
            (0..100).map(|_| r.next_f64()).collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
        assert!(draws(7).iter().all(|x| (0.0..1.0).contains(x)));
    }

    #[test]
    fn a_lent_generator_comes_back_advanced() {
        let start = Random::seeded(1);
        let lent = Lent::enter(start);
        let first = draw();
        let back = lent.give_back(start);
        assert_ne!(back, start);
        assert_eq!(Random::seeded(1).next_f64(), first);
    }

    #[test]
    fn arguments_are_refused() {
        assert_eq!(
            check(&Bson::Document(bson::doc! { "a": 1 }))
                .unwrap_err()
                .code,
            3040501
        );
        assert_eq!(check(&Bson::Int32(5)).unwrap_err().code, 10065);
        assert!(check(&Bson::Array(Vec::new())).is_ok());
    }
}
