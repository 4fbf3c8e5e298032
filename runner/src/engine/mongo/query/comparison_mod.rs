//! `$mod: [divisor, remainder]` on numbers.

use bson::Bson;

use super::matcher::ValueMatcher;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::number_as_f64;

#[derive(Debug)]
pub(crate) struct ModMatcher {
    divisor: i64,
    remainder: i64,
}

impl ModMatcher {
    pub(crate) fn parse(arg: &Bson) -> Result<ModMatcher, MongoError> {
        let Bson::Array(items) = arg else {
            return Err(MongoError::bad_value("malformed mod, needs to be an array"));
        };
        if items.len() < 2 {
            return Err(MongoError::bad_value("malformed mod, not enough elements"));
        }
        if items.len() > 2 {
            return Err(MongoError::bad_value("malformed mod, too many elements"));
        }
        let number = |v: &Bson| number_as_f64(v).map(|f| f as i64);
        let divisor = number(&items[0])
            .ok_or_else(|| MongoError::bad_value("malformed mod, divisor not a number"))?;
        let remainder = number(&items[1])
            .ok_or_else(|| MongoError::bad_value("malformed mod, remainder not a number"))?;
        if divisor == 0 {
            return Err(MongoError::bad_value("divisor cannot be 0"));
        }
        Ok(ModMatcher { divisor, remainder })
    }
}

impl ValueMatcher for ModMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        let Some(n) = value
            .and_then(|v| crate::engine::mongo::value::is_number(v).then(|| number_as_f64(v)))
            .flatten()
        else {
            return false;
        };
        (n as i64).wrapping_rem(self.divisor) == self.remainder
    }
}
