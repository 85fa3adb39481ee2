//! How two runs of a program must agree for a relation to hold: the same
//! exit status and stdout, exactly or with `--mr-compare=numeric:TOL`
//! (numbers equal within TOL, relative or absolute, everything else
//! exactly). Shared by the user-defined relation and the trust check.

use super::Behaviour;

/// How two runs' outputs must agree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Compare {
    Exact,
    Numeric(f64),
}

impl Compare {
    pub fn parse(text: &str) -> Result<Compare, String> {
        if text == "exact" {
            return Ok(Compare::Exact);
        }
        match text.strip_prefix("numeric:").map(str::parse::<f64>) {
            Some(Ok(tol)) if tol >= 0.0 => Ok(Compare::Numeric(tol)),
            _ => Err(format!("'{text}' is not a comparison (exact, numeric:TOL)")),
        }
    }

    pub fn agree(self, a: &Behaviour, b: &Behaviour) -> bool {
        if a.status != b.status {
            return false;
        }
        match self {
            Compare::Exact => a.stdout.digest == b.stdout.digest,
            // Outputs too long to keep whole are compared exactly.
            Compare::Numeric(_) if a.stdout.truncated || b.stdout.truncated => {
                a.stdout.digest == b.stdout.digest
            }
            Compare::Numeric(tol) => numeric_agree(&a.stdout.text(), &b.stdout.text(), tol),
        }
    }
}

fn numeric_agree(a: &str, b: &str, tol: f64) -> bool {
    let (ta, tb): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    ta.len() == tb.len()
        && ta
            .iter()
            .zip(&tb)
            .all(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => x == y || (x - y).abs() <= tol * x.abs().max(y.abs()).max(1.0),
                _ => x == y,
            })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_comparison_tolerates_small_differences() {
        assert!(numeric_agree("pi 3.14159 n 2", "pi 3.14160 n 2", 1e-5));
        assert!(!numeric_agree("pi 3.14159 n 2", "pi 3.2 n 2", 1e-5));
        assert!(!numeric_agree("a 1", "b 1", 0.1));
        assert!(!numeric_agree("1 2", "1", 0.1));
        assert_eq!(Compare::parse("numeric:0.01"), Ok(Compare::Numeric(0.01)));
        assert!(Compare::parse("fuzzy").is_err());
    }
}
