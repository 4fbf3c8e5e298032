//! JavaScript's `Number.prototype.toString()` for f64 (ECMA-262 Number::toString
//! with radix 10), built on Rust's shortest round-trip digits.

/// `String(x)` in JavaScript, except that negative zero gives `-0` as
/// `util.inspect` prints it.
pub(crate) fn js_number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-Infinity" } else { "Infinity" }.to_string();
    }
    if x < 0.0 {
        return format!("-{}", positive_to_string(-x));
    }
    positive_to_string(x)
}

/// Shortest digits `d1d2…dk` and the decimal exponent `n` such that the value
/// is `0.d1d2…dk × 10^n` (the spec's k and n).
fn shortest_digits(x: f64) -> (String, i32) {
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    (digits, exp + 1)
}

fn positive_to_string(x: f64) -> String {
    let (digits, n) = shortest_digits(x);
    let k = digits.len() as i32;
    if k <= n && n <= 21 {
        return format!("{digits}{}", "0".repeat((n - k) as usize));
    }
    if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        return format!("{int}.{frac}");
    }
    if -6 < n && n <= 0 {
        return format!("0.{}{digits}", "0".repeat((-n) as usize));
    }
    exponential(&digits, n - 1)
}

fn exponential(digits: &str, e: i32) -> String {
    let sign = if e < 0 { '-' } else { '+' };
    let (first, rest) = digits.split_at(1);
    if rest.is_empty() {
        format!("{first}e{sign}{}", e.abs())
    } else {
        format!("{first}.{rest}e{sign}{}", e.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::js_number_to_string as s;

    #[test]
    fn integers_and_fractions() {
        assert_eq!(s(42.0), "42");
        assert_eq!(s(-7.0), "-7");
        assert_eq!(s(1.5), "1.5");
        assert_eq!(s(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(s(9007199254740994.0), "9007199254740994");
        assert_eq!(s(123e18), "123000000000000000000");
    }

    #[test]
    fn exponents_and_specials() {
        assert_eq!(s(1e21), "1e+21");
        assert_eq!(s(1.5e300), "1.5e+300");
        assert_eq!(s(1e-7), "1e-7");
        assert_eq!(s(1.25e-7), "1.25e-7");
        assert_eq!(s(0.000001), "0.000001");
        assert_eq!(s(-0.0), "-0");
        assert_eq!(s(f64::NAN), "NaN");
        assert_eq!(s(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(s(5e-324), "5e-324");
        assert_eq!(s(f64::MAX), "1.7976931348623157e+308");
    }
}
