//! Exact decimal numbers as DynamoDB stores them: up to 38 significant digits,
//! magnitude 1E-130 .. 9.99E+125, normalised (no leading or trailing zeros).

use std::cmp::Ordering;

/// value = (-1)^negative × 0.d1 d2 … dn × 10^exp; `digits` empty means zero.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Number {
    negative: bool,
    digits: Vec<u8>,
    exp: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    Invalid,
    TooPrecise,
    Overflow,
    Underflow,
}

impl NumberError {
    /// The service's text for each failure.
    pub fn message(&self) -> &'static str {
        match self {
            NumberError::Invalid => "A value provided cannot be converted into a number",
            NumberError::TooPrecise => {
                "Attempting to store more than 38 significant digits in a Number"
            }
            NumberError::Overflow => {
                "Number overflow. Attempting to store a number with magnitude larger than supported range"
            }
            NumberError::Underflow => {
                "Number underflow. Attempting to store a number with magnitude smaller than supported range"
            }
        }
    }
}

impl Number {
    pub fn zero() -> Number {
        Number {
            negative: false,
            digits: Vec::new(),
            exp: 0,
        }
    }

    pub fn parse(text: &str) -> Result<Number, NumberError> {
        let s = text.trim();
        let (negative, rest) = split_sign(s);
        let (mantissa, exp_part) = split_exponent(rest)?;
        let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = int_part.chars().chain(frac_part.chars());
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(NumberError::Invalid);
        }
        let mut digits = Vec::with_capacity(int_part.len() + frac_part.len());
        for c in all_digits {
            let d = c.to_digit(10).ok_or(NumberError::Invalid)?;
            digits.push(d as u8);
        }
        let exp = (int_part.len() as i64).saturating_add(exp_part);
        Number::from_parts(negative, digits, exp)
    }

    /// Builds a normalised number from raw digits and the decimal point position.
    fn from_parts(negative: bool, mut digits: Vec<u8>, exp: i64) -> Result<Number, NumberError> {
        let leading = digits.iter().take_while(|d| **d == 0).count();
        digits.drain(..leading);
        let exp = exp - leading as i64;
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            return Ok(Number::zero());
        }
        if digits.len() > 38 {
            return Err(NumberError::TooPrecise);
        }
        // 9.99E+125 has exp 126 here; 1E-130 has exp -129.
        if exp > 126 {
            return Err(NumberError::Overflow);
        }
        if exp < -129 {
            return Err(NumberError::Underflow);
        }
        Ok(Number {
            negative,
            digits,
            exp: exp as i32,
        })
    }

    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Significant digits left of the decimal point.
    fn int_digits(&self) -> usize {
        (self.exp.max(0) as usize).min(self.digits.len())
    }

    /// Stored size in bytes (spec §10.1).
    pub fn size(&self) -> usize {
        if self.is_zero() {
            return 1;
        }
        let int_digits = self.int_digits();
        let frac_digits = self.digits.len() - int_digits;
        1 + int_digits.div_ceil(2) + frac_digits.div_ceil(2) + usize::from(self.negative)
    }

    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        let low = self.low_exp().min(other.low_exp());
        let a = self.scaled(low);
        let b = other.scaled(low);
        let (negative, magnitude) = if self.negative == other.negative {
            (self.negative, add_mag(&a, &b))
        } else {
            match cmp_mag(&a, &b) {
                Ordering::Less => (other.negative, sub_mag(&b, &a)),
                _ => (self.negative, sub_mag(&a, &b)),
            }
        };
        let len = magnitude.len() as i64;
        Number::from_parts(negative, magnitude, len + low as i64)
    }

    pub fn negated(&self) -> Number {
        let mut n = self.clone();
        n.negative = !n.negative && !n.is_zero();
        n
    }

    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        self.add(&other.negated())
    }

    /// Exponent of the least significant digit.
    fn low_exp(&self) -> i32 {
        self.exp - self.digits.len() as i32
    }

    /// Integer digits (most significant first) of |self| / 10^low.
    fn scaled(&self, low: i32) -> Vec<u8> {
        let mut v = self.digits.clone();
        v.resize(v.len() + (self.low_exp() - low) as usize, 0);
        v
    }

    pub fn as_f64(&self) -> f64 {
        self.to_string().parse().unwrap_or(0.0)
    }
}

fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

fn split_exponent(s: &str) -> Result<(&str, i64), NumberError> {
    match s.find(['e', 'E']) {
        None => Ok((s, 0)),
        Some(i) => {
            let exp: i64 = s[i + 1..].parse().map_err(|_| NumberError::Invalid)?;
            Ok((&s[..i], exp.clamp(-10_000, 10_000)))
        }
    }
}

fn cmp_mag(a: &[u8], b: &[u8]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

fn strip(v: Vec<u8>) -> Vec<u8> {
    let lead = v.iter().take_while(|d| **d == 0).count();
    v[lead..].to_vec()
}

fn add_mag(a: &[u8], b: &[u8]) -> Vec<u8> {
    let n = a.len().max(b.len());
    let mut out = vec![0u8; n + 1];
    let mut carry = 0u8;
    for i in 0..n {
        let da = if i < a.len() { a[a.len() - 1 - i] } else { 0 };
        let db = if i < b.len() { b[b.len() - 1 - i] } else { 0 };
        let s = da + db + carry;
        out[n - i] = s % 10;
        carry = s / 10;
    }
    out[0] = carry;
    strip(out)
}

/// |a| - |b| where |a| >= |b|.
fn sub_mag(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; a.len()];
    let mut borrow = 0i8;
    for i in 0..a.len() {
        let da = a[a.len() - 1 - i] as i8;
        let db = if i < b.len() {
            b[b.len() - 1 - i] as i8
        } else {
            0
        };
        let mut d = da - db - borrow;
        borrow = i8::from(d < 0);
        if d < 0 {
            d += 10;
        }
        out[a.len() - 1 - i] = d as u8;
    }
    strip(out)
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        let sign = |n: &Number| {
            if n.is_zero() {
                0
            } else if n.negative {
                -1
            } else {
                1
            }
        };
        let by_sign = sign(self).cmp(&sign(other));
        if by_sign != Ordering::Equal || self.is_zero() {
            return by_sign;
        }
        let mag = self
            .exp
            .cmp(&other.exp)
            .then_with(|| self.digits.cmp(&other.digits));
        if self.negative {
            mag.reverse()
        } else {
            mag
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        if self.negative {
            f.write_str("-")?;
        }
        let n = self.digits.len() as i32;
        if self.exp <= 0 {
            f.write_str("0.")?;
            write_zeros(f, (-self.exp) as usize)?;
            write_digits(f, &self.digits)
        } else if self.exp >= n {
            write_digits(f, &self.digits)?;
            write_zeros(f, (self.exp - n) as usize)
        } else {
            let (int, frac) = self.digits.split_at(self.exp as usize);
            write_digits(f, int)?;
            f.write_str(".")?;
            write_digits(f, frac)
        }
    }
}

/// Every N value of a response is written through here: digits go out from a
/// stack buffer rather than a `String` per number.
fn write_digits(f: &mut std::fmt::Formatter<'_>, digits: &[u8]) -> std::fmt::Result {
    let mut text = [0u8; 40];
    for chunk in digits.chunks(text.len()) {
        for (out, d) in text.iter_mut().zip(chunk) {
            *out = b'0' + d;
        }
        let ascii = std::str::from_utf8(&text[..chunk.len()]).map_err(|_| std::fmt::Error)?;
        f.write_str(ascii)?;
    }
    Ok(())
}

fn write_zeros(f: &mut std::fmt::Formatter<'_>, count: usize) -> std::fmt::Result {
    const ZEROS: &str = "0000000000000000000000000000000000000000";
    let mut left = count;
    while left > 0 {
        let n = left.min(ZEROS.len());
        f.write_str(&ZEROS[..n])?;
        left -= n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).expect("valid number")
    }

    #[test]
    fn normalises_leading_and_trailing_zeros() {
        assert_eq!(n("007.50").to_string(), "7.5");
        assert_eq!(n("-0.0").to_string(), "0");
        assert_eq!(n("1e2").to_string(), "100");
        assert_eq!(n("0.001").to_string(), "0.001");
    }

    #[test]
    fn extreme_magnitudes_and_full_precision_are_written_in_full() {
        assert_eq!(n("1E+125").to_string(), format!("1{}", "0".repeat(125)));
        assert_eq!(n("-1E-130").to_string(), format!("-0.{}1", "0".repeat(129)));
        let digits = "12345678901234567890123456789012345678";
        assert_eq!(n(digits).to_string(), digits);
        assert_eq!(n(&format!("0.{digits}")).to_string(), format!("0.{digits}"));
        assert_eq!(
            n("-9.99E+125").to_string(),
            format!("-999{}", "0".repeat(123))
        );
        assert_eq!(n("123.4500").to_string(), "123.45");
    }

    #[test]
    fn sizes_follow_the_significant_digit_formula() {
        let cases = [
            ("27", 2),
            ("-27", 3),
            ("461", 3),
            ("100", 2),
            ("0.5", 2),
            ("7.50", 3),
        ];
        for (text, size) in cases {
            assert_eq!(n(text).size(), size, "{text}");
        }
        assert_eq!(n("2026").size(), 3);
        assert_eq!(n("125000000").size(), 3);
        assert_eq!(n("1786461547").size(), 6);
        assert_eq!(n(&"1".repeat(38)).size(), 20);
        assert_eq!(n("0").size(), 1);
    }

    #[test]
    fn orders_numerically() {
        let sorted = ["-20", "-3", "0", "0.001", "2.5", "9", "10", "100", "1000"];
        for pair in sorted.windows(2) {
            assert!(n(pair[0]) < n(pair[1]), "{} < {}", pair[0], pair[1]);
        }
    }

    #[test]
    fn adds_and_subtracts_exactly() {
        assert_eq!(
            n("125000000").sub(&n("5000000.5")).unwrap().to_string(),
            "119999999.5"
        );
        assert_eq!(n("0.1").add(&n("0.2")).unwrap().to_string(), "0.3");
        assert_eq!(n("-5").add(&n("3")).unwrap().to_string(), "-2");
        assert_eq!(n("5").sub(&n("5")).unwrap().to_string(), "0");
    }

    #[test]
    fn rejects_out_of_range() {
        assert_eq!(Number::parse(&"1".repeat(39)), Err(NumberError::TooPrecise));
        assert_eq!(Number::parse("1E126"), Err(NumberError::Overflow));
        assert_eq!(Number::parse("1E-131"), Err(NumberError::Underflow));
        assert_eq!(Number::parse("abc"), Err(NumberError::Invalid));
    }
}
