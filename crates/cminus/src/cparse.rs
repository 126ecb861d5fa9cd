//! One grammar of C expressions for the small languages slam reads besides C: predicate files
//! (`c2bp::parse_preds`) and SLIC rules (`slic`). Both must agree with C on precedence and on
//! how prefix, postfix and cast forms nest, so the grammar lives here once; each language is a
//! [`Dialect`]: it owns its tokens, its atoms (names, `$1`, `pre(x)`), the trees it builds and
//! its error messages, and may refuse forms it does not allow.

use crate::{BinOp, Type};

/// What the next token is, as far as the grammar cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look<'a> {
    Punct(&'a str),
    Ident(&'a str),
    /// A literal or a dialect's own token (`$1`, a string, the end): left to [`Dialect::primary`].
    Other,
}

/// A prefix operator (unary `+` is dropped: it changes nothing the dialects model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefix {
    Neg,
    Not,
    BitNot,
    Deref,
    AddrOf,
}

/// A postfix form applied to an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Postfix<E> {
    /// `e.f`
    Field(String),
    /// `e->f`
    Arrow(String),
    /// `e[i]`
    Index(E),
}

/// The words of the integer types a cast may name.
pub const TYPE_WORDS: &[&str] = &["void", "char", "short", "int", "long", "unsigned", "signed", "_Bool", "bool"];

/// A language built on C expressions: its tokens, atoms, trees and errors.
pub trait Dialect {
    type Expr;
    type Pos: Copy;
    type Error;

    /// The token `k` places ahead.
    fn look(&self, k: usize) -> Look<'_>;
    /// Where the next token starts.
    fn here(&self) -> Self::Pos;
    /// Consume the next token.
    fn advance(&mut self);
    /// Consume the punctuation `p`, or fail with the dialect's message.
    fn expect_punct(&mut self, p: &str) -> Result<(), Self::Error>;
    /// Consume a field name after `.` or `->`.
    fn field_name(&mut self) -> Result<String, Self::Error>;
    /// A literal, a name or one of the dialect's own atoms (parentheses are the grammar's).
    fn primary(&mut self) -> Result<Self::Expr, Self::Error>;
    /// `op e`; `at` is the operator's position, `operand_at` the operand's.
    fn prefix(
        &mut self,
        op: Prefix,
        e: Self::Expr,
        at: Self::Pos,
        operand_at: Self::Pos,
    ) -> Result<Self::Expr, Self::Error>;
    /// `l op r`; `at` is the operator's position.
    fn binary(&mut self, op: BinOp, l: Self::Expr, r: Self::Expr, at: Self::Pos) -> Self::Expr;
    /// `e.f`, `e->f` or `e[i]`; `at` is the position of `.`, `->` or `[`.
    fn postfix(&mut self, op: Postfix<Self::Expr>, e: Self::Expr, at: Self::Pos) -> Result<Self::Expr, Self::Error>;
    /// `(ty) e`; `at` is the position of `(`.
    fn cast(&mut self, ty: Type, e: Self::Expr, at: Self::Pos) -> Result<Self::Expr, Self::Error>;

    /// Called at a punctuation token where an operand starts, before anything is consumed:
    /// a dialect refuses the prefix forms it does not allow (SLIC: `&`, `++`).
    fn admit_prefix(&self, _p: &str) -> Result<(), Self::Error> {
        Ok(())
    }
    /// Called at `(` after a complete operand: a dialect with no calls may refuse it; by
    /// default the expression simply ends there.
    fn admit_call(&self) -> Result<(), Self::Error> {
        Ok(())
    }
    /// Called after every complete expression (also inside parentheses and brackets).
    fn after_expression(&self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// Parse one expression (C's precedence and associativity for the binary operators of
/// [`BinOp::from_c`]; no assignment, comma or conditional operators).
pub fn expression<D: Dialect>(d: &mut D) -> Result<D::Expr, D::Error> {
    let e = binary(d, 0)?;
    d.after_expression()?;
    Ok(e)
}

fn binary<D: Dialect>(d: &mut D, min: u8) -> Result<D::Expr, D::Error> {
    let mut lhs = unary(d)?;
    while let Some((op, prec)) = match d.look(0) {
        Look::Punct(p) => BinOp::from_c(p),
        _ => None,
    } {
        if prec < min {
            break;
        }
        let at = d.here();
        d.advance();
        let rhs = binary(d, prec + 1)?;
        lhs = d.binary(op, lhs, rhs, at);
    }
    Ok(lhs)
}

fn unary<D: Dialect>(d: &mut D) -> Result<D::Expr, D::Error> {
    let at = d.here();
    let op = match d.look(0) {
        Look::Punct(p) => {
            d.admit_prefix(p)?;
            match p {
                "-" => Some(Prefix::Neg),
                "!" => Some(Prefix::Not),
                "~" => Some(Prefix::BitNot),
                "*" => Some(Prefix::Deref),
                "&" => Some(Prefix::AddrOf),
                "+" => {
                    d.advance();
                    return unary(d);
                }
                "(" if matches!(d.look(1), Look::Ident(w) if TYPE_WORDS.contains(&w)) => {
                    d.advance();
                    let ty = type_name(d);
                    d.expect_punct(")")?;
                    let e = unary(d)?;
                    return d.cast(ty, e, at);
                }
                _ => None,
            }
        }
        _ => None,
    };
    match op {
        Some(op) => {
            d.advance();
            let operand_at = d.here();
            let e = unary(d)?;
            d.prefix(op, e, at, operand_at)
        }
        None => postfix(d),
    }
}

/// The type of a cast: integer type words, then `*`s (LP64 widths, as the rules always had).
fn type_name<D: Dialect>(d: &mut D) -> Type {
    let mut words = vec![];
    while let Look::Ident(w) = d.look(0) {
        if !TYPE_WORDS.contains(&w) {
            break;
        }
        words.push(w.to_string());
        d.advance();
    }
    let has = |w: &str| words.iter().any(|x| x == w);
    let mut t = if has("void") {
        Type::Void
    } else if has("_Bool") || has("bool") {
        Type::Bool
    } else {
        let bits = if has("char") {
            8
        } else if has("short") {
            16
        } else if has("long") {
            64
        } else {
            32
        };
        Type::int(bits, !has("unsigned"))
    };
    while d.look(0) == Look::Punct("*") {
        d.advance();
        t = Type::ptr(t);
    }
    t
}

fn postfix<D: Dialect>(d: &mut D) -> Result<D::Expr, D::Error> {
    let mut e = primary(d)?;
    loop {
        let at = d.here();
        let op = match d.look(0) {
            Look::Punct("->") => {
                d.advance();
                Postfix::Arrow(d.field_name()?)
            }
            Look::Punct(".") => {
                d.advance();
                Postfix::Field(d.field_name()?)
            }
            Look::Punct("[") => {
                d.advance();
                let i = expression(d)?;
                d.expect_punct("]")?;
                Postfix::Index(i)
            }
            Look::Punct("(") => {
                d.admit_call()?;
                return Ok(e);
            }
            _ => return Ok(e),
        };
        e = d.postfix(op, e, at)?;
    }
}

fn primary<D: Dialect>(d: &mut D) -> Result<D::Expr, D::Error> {
    if d.look(0) == Look::Punct("(") {
        d.advance();
        let e = expression(d)?;
        d.expect_punct(")")?;
        return Ok(e);
    }
    d.primary()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy dialect over whitespace-separated tokens that prints what it builds, fully
    /// parenthesised: enough to test the grammar alone.
    struct Toy {
        toks: Vec<String>,
        at: usize,
    }

    impl Toy {
        fn parse(s: &str) -> Result<String, String> {
            let mut t = Toy { toks: s.split_whitespace().map(str::to_string).collect(), at: 0 };
            let e = expression(&mut t)?;
            match t.toks.get(t.at) {
                None => Ok(e),
                Some(x) => Err(format!("trailing {x}")),
            }
        }
    }

    impl Dialect for Toy {
        type Expr = String;
        type Pos = usize;
        type Error = String;
        fn look(&self, k: usize) -> Look<'_> {
            match self.toks.get(self.at + k) {
                Some(t) if t.chars().all(|c| c.is_ascii_alphabetic() || c == '_') => Look::Ident(t),
                Some(t) if t.chars().all(|c| c.is_ascii_digit()) => Look::Other,
                Some(t) => Look::Punct(t),
                None => Look::Other,
            }
        }
        fn here(&self) -> usize {
            self.at
        }
        fn advance(&mut self) {
            self.at += 1;
        }
        fn expect_punct(&mut self, p: &str) -> Result<(), String> {
            if self.look(0) == Look::Punct(p) {
                self.at += 1;
                Ok(())
            } else {
                Err(format!("expected {p} at {}", self.at))
            }
        }
        fn field_name(&mut self) -> Result<String, String> {
            self.at += 1;
            Ok(self.toks[self.at - 1].clone())
        }
        fn primary(&mut self) -> Result<String, String> {
            let t = self.toks.get(self.at).cloned().ok_or("end")?;
            self.at += 1;
            Ok(t)
        }
        fn prefix(&mut self, op: Prefix, e: String, _: usize, _: usize) -> Result<String, String> {
            Ok(format!("({op:?} {e})"))
        }
        fn binary(&mut self, op: BinOp, l: String, r: String, _: usize) -> String {
            format!("({l} {} {r})", op.symbol())
        }
        fn postfix(&mut self, op: Postfix<String>, e: String, _: usize) -> Result<String, String> {
            Ok(match op {
                Postfix::Field(f) => format!("({e}.{f})"),
                Postfix::Arrow(f) => format!("({e}->{f})"),
                Postfix::Index(i) => format!("({e}[{i}])"),
            })
        }
        fn cast(&mut self, ty: Type, e: String, _: usize) -> Result<String, String> {
            Ok(format!("(({ty:?}) {e})"))
        }
    }

    #[test]
    fn precedence_and_associativity_are_cs() {
        assert_eq!(Toy::parse("a || b && c == 1 + 2 * 3").unwrap(), "(a || (b && (c == (1 + (2 * 3)))))");
        assert_eq!(Toy::parse("a - b - c").unwrap(), "((a - b) - c)");
        assert_eq!(Toy::parse("a & b == c").unwrap(), "(a & (b == c))");
        assert_eq!(Toy::parse("a << 1 < b").unwrap(), "((a << 1) < b)");
        assert_eq!(Toy::parse("( a || b ) && c").unwrap(), "((a || b) && c)");
    }

    #[test]
    fn prefix_postfix_and_casts_nest_as_in_c() {
        assert_eq!(Toy::parse("! * p -> f [ 2 ] . g").unwrap(), "(Not (Deref (((p->f)[2]).g)))");
        assert_eq!(Toy::parse("- + x").unwrap(), "(Neg x)");
        assert_eq!(Toy::parse("& a [ i + 1 ]").unwrap(), "(AddrOf (a[(i + 1)]))");
        let cast = Toy::parse("( unsigned char ) x + 1").unwrap();
        assert!(cast.starts_with("((") && cast.ends_with(" x) + 1)"), "{cast}");
        assert_eq!(Toy::parse("( a ) ( b )"), Err("trailing (".to_string()));
        assert_eq!(Toy::parse("( a"), Err("expected ) at 2".to_string()));
    }
}
